/** A writer thread: runs the batches of {@link WriteTask}s it is sent (see write-runner.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerReply } from './write-runner.js';
import { TaskWriter, type TaskWriterOptions, type WriteTask } from './write-task.js';

const writer = new TaskWriter(workerData as TaskWriterOptions);

parentPort!.on('message', (tasks: WriteTask[]) => {
  let reply: WorkerReply;
  try {
    let linked = 0;
    for (const task of tasks) if (writer.run(task)) linked++;
    reply = { done: tasks.length, linked };
  } catch (error) {
    const { message, code, syscall, path, stack } = error as NodeJS.ErrnoException;
    reply = { error: { message, code, syscall, path, stack } };
  }
  parentPort!.postMessage(reply);
});
