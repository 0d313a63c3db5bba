/**
 * Runs batches of {@link WriteTask}s and of listing pages (page-batch.ts): in worker
 * threads, so assembling, rendering pages and the file system calls of every core overlap
 * with the main thread, or in the main thread itself. Entity bytes and digests live in
 * shared memory, so workers receive only recipes.
 */
import { availableParallelism } from 'node:os';
import { compiledWorkerUrl, WorkerSlots } from '../../shared/index.js';
import { runPageBatch, type PageBatch, type PageBatchReply } from './page-batch.js';
import { PageRenderer } from '../assemble/index.js';
import { TaskWriter, type TaskWriterOptions, type WriteTask } from './write-task.js';

/** Takes batches; `run` and `pages` resolve once the batch is accepted, `finish` once all are done. */
export interface TaskRunner {
  run(tasks: WriteTask[]): Promise<void>;
  /** Renders a batch of listings' pages, writing or linking what its mode says; `done` is their answer. */
  pages(batch: PageBatch): Promise<{ done: Promise<PageBatchReply> }>;
  /** Waits for every batch; rejects with the first failure. */
  finish(): Promise<void>;
  /** Stops the workers (after `finish`, or to give up). */
  close(): Promise<void>;
}

/** A message to a worker: tasks to write, or a batch of pages to render. */
export type WorkerRequest = { tasks: WriteTask[] } | { id: number; pages: PageBatch };

/** A message from a worker: a batch done (with its pages' answer), or the error that stopped it. */
export type WorkerReply =
  | { id?: number; pages?: PageBatchReply }
  | { error: { message: string; code?: string; syscall?: string; path?: string; stack?: string } };

const WORKER_URL = compiledWorkerUrl('./write-worker.js', import.meta.url);

/** How many worker threads to write with: one per core (at most 4), none on a single core. */
export function defaultWriterThreads(): number {
  const cores = availableParallelism();
  return WORKER_URL !== undefined && cores > 1 ? Math.min(cores, 4) : 0;
}

/** Starts a runner with `threads` workers (0: in the main thread). */
export function startRunner(options: TaskWriterOptions, threads: number): TaskRunner {
  return threads > 0 && WORKER_URL !== undefined
    ? new WorkerRunner(WORKER_URL, options, threads)
    : new InlineRunner(options);
}

class InlineRunner implements TaskRunner {
  private readonly writer: TaskWriter;
  private readonly renderer: PageRenderer;

  constructor(options: TaskWriterOptions) {
    this.writer = new TaskWriter(options);
    this.renderer = new PageRenderer(options.context, options.responseContext);
  }

  async run(tasks: WriteTask[]): Promise<void> {
    for (const task of tasks) this.writer.run(task);
  }

  async pages(batch: PageBatch): Promise<{ done: Promise<PageBatchReply> }> {
    return { done: Promise.resolve(runPageBatch(batch, this.renderer, this.writer)) };
  }

  async finish(): Promise<void> {}
  async close(): Promise<void> {}
}

class WorkerRunner implements TaskRunner {
  private readonly workers: WorkerSlots<WorkerRequest, WorkerReply>;
  private readonly waiting = new Map<
    number,
    { resolve: (reply: PageBatchReply) => void; reject: (error: Error) => void }
  >();
  private nextId = 0;

  constructor(url: URL, options: TaskWriterOptions, threads: number) {
    this.workers = new WorkerSlots<WorkerRequest, WorkerReply>(url, options, threads, {
      name: 'a writer thread',
      reply: (reply) => {
        if ('error' in reply) return Object.assign(new Error(reply.error.message), reply.error);
        if (reply.id !== undefined) {
          this.waiting.get(reply.id)?.resolve(reply.pages!);
          this.waiting.delete(reply.id);
        }
        return undefined;
      },
      failed: (error) => {
        for (const { reject } of this.waiting.values()) reject(error);
        this.waiting.clear();
      },
    });
  }

  async run(tasks: WriteTask[]): Promise<void> {
    await this.workers.post({ tasks });
  }

  async pages(batch: PageBatch): Promise<{ done: Promise<PageBatchReply> }> {
    const id = this.nextId++;
    const done = new Promise<PageBatchReply>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    done.catch(() => undefined); // the failure is also thrown by finish(), which every writer awaits
    await this.workers.post({ id, pages: batch });
    return { done };
  }

  finish(): Promise<void> {
    return this.workers.idle();
  }

  close(): Promise<void> {
    return this.workers.terminate();
  }
}
