/** A writer thread: runs the batches of {@link WriteTask}s and of listing pages it is sent (see write-runner.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { runPageBatch } from './page-batch.js';
import { PageRenderer } from '../assemble/index.js';
import type { WorkerReply, WorkerRequest } from './write-runner.js';
import { TaskWriter, type TaskWriterOptions } from './write-task.js';

const options = workerData as TaskWriterOptions;
const writer = new TaskWriter(options);
const renderer = new PageRenderer(options.context, options.responseContext);

parentPort!.on('message', (request: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    if ('pages' in request) reply = { id: request.id, pages: runPageBatch(request.pages, renderer, writer) };
    else {
      for (const task of request.tasks) writer.run(task);
      reply = {};
    }
  } catch (error) {
    const { message, code, syscall, path, stack } = error as NodeJS.ErrnoException;
    reply = { error: { message, code, syscall, path, stack } };
  }
  parentPort!.postMessage(reply);
});
