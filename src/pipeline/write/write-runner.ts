/**
 * Runs batches of {@link WriteTask}s and of listing pages (page-batch.ts): in worker
 * threads, so assembling, rendering pages and the file system calls of every core overlap
 * with the main thread, or in the main thread itself. Entity bytes and digests live in
 * shared memory, so workers receive only recipes.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { compiledWorkerUrl } from '../../compiled-worker.js';
import { runPageBatch, type PageBatch, type PageBatchReply } from './page-batch.js';
import { PageRenderer } from '../assemble/pages.js';
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
const IN_FLIGHT_PER_WORKER = 2;

/** How many worker threads to write with: one per core (at most 4), none on a single core. */
export function defaultWriterThreads(): number {
  const cores = availableParallelism();
  return WORKER_URL !== undefined && cores > 1 ? Math.min(cores, 4) : 0;
}

/** Starts a runner with `threads` workers (0: in the main thread). */
export function startRunner(options: TaskWriterOptions, threads: number): TaskRunner {
  return threads > 0 && WORKER_URL !== undefined ? new WorkerRunner(WORKER_URL, options, threads) : new InlineRunner(options);
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
  private readonly workers: { worker: Worker; inFlight: number }[];
  private readonly waiting = new Map<number, { resolve: (reply: PageBatchReply) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  constructor(url: URL, options: TaskWriterOptions, threads: number) {
    this.workers = Array.from({ length: threads }, () => {
      const slot = { worker: new Worker(url, { workerData: options }), inFlight: 0 };
      slot.worker.on('message', (reply: WorkerReply) => {
        slot.inFlight--;
        if ('error' in reply) this.fail(Object.assign(new Error(reply.error.message), reply.error));
        else if (reply.id !== undefined) {
          this.waiting.get(reply.id)?.resolve(reply.pages!);
          this.waiting.delete(reply.id);
        }
        this.signal();
      });
      slot.worker.on('error', (error) => this.fail(error));
      slot.worker.on('exit', (code) => code !== 0 && this.fail(new Error(`a writer thread exited with code ${code}`)));
      return slot;
    });
  }

  async run(tasks: WriteTask[]): Promise<void> {
    await this.send({ tasks });
  }

  async pages(batch: PageBatch): Promise<{ done: Promise<PageBatchReply> }> {
    const id = this.nextId++;
    const done = new Promise<PageBatchReply>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    done.catch(() => undefined); // the failure is also thrown by finish(), which every writer awaits
    await this.send({ id, pages: batch });
    return { done };
  }

  async finish(): Promise<void> {
    while (!this.failure && this.workers.some((slot) => slot.inFlight > 0)) await new Promise<void>((resolve) => (this.wake = resolve));
    if (this.failure) throw this.failure;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((slot) => slot.worker.terminate()));
  }

  // Posts to the least busy worker once it has room.
  private async send(request: WorkerRequest): Promise<void> {
    for (;;) {
      if (this.failure) throw this.failure;
      const slot = this.workers.reduce((a, b) => (b.inFlight < a.inFlight ? b : a));
      if (slot.inFlight < IN_FLIGHT_PER_WORKER) {
        slot.inFlight++;
        slot.worker.postMessage(request);
        return;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const { reject } of this.waiting.values()) reject(this.failure);
    this.waiting.clear();
    this.signal();
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
