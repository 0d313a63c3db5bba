/**
 * Worker threads fed a few messages at a time each, for the build's writer threads
 * (pipeline/write/write-runner.ts) and verify's checkers (verify/check-pool.ts): a message
 * goes to the least busy worker once it has room, and the first failure (an error reply,
 * an error thrown in a worker, a worker that exits) is kept and thrown by every later call.
 */
import { Worker } from 'node:worker_threads';

// Messages under way per worker: one to work on and one waiting, so that no worker idles between two.
const IN_FLIGHT_PER_WORKER = 2;

/** How a pool's owner reads its workers' replies. */
export interface SlotHandlers<Reply> {
  /** Takes a reply; returns the error it reports, if it reports one. */
  reply(reply: Reply): Error | undefined;
  /** Called once, with the first failure. */
  failed?(error: Error): void;
  /** What the workers are, for the message of one that exits: `a writer thread`. */
  name: string;
}

/** `threads` workers started from `url` with `workerData`, whose replies go to `handlers`. */
export class WorkerSlots<Message, Reply> {
  private readonly slots: { worker: Worker; inFlight: number }[];
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  constructor(
    url: URL,
    workerData: unknown,
    threads: number,
    private readonly handlers: SlotHandlers<Reply>,
  ) {
    this.slots = Array.from({ length: threads }, () => {
      const slot = { worker: new Worker(url, { workerData }), inFlight: 0 };
      slot.worker.on('message', (reply: Reply) => {
        slot.inFlight--;
        const error = handlers.reply(reply);
        if (error) this.fail(error);
        this.signal();
      });
      slot.worker.on('error', (error) => this.fail(error));
      slot.worker.on('exit', (code) => code !== 0 && this.fail(new Error(`${handlers.name} exited with code ${code}`)));
      return slot;
    });
  }

  /** Posts `message` to the least busy worker once one has room; throws the first failure. */
  async post(message: Message): Promise<void> {
    for (;;) {
      if (this.failure) throw this.failure;
      const slot = this.slots.reduce((a, b) => (b.inFlight < a.inFlight ? b : a));
      if (slot.inFlight < IN_FLIGHT_PER_WORKER) {
        slot.inFlight++;
        slot.worker.postMessage(message);
        return;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** Waits until every message posted is answered; throws the first failure. */
  async idle(): Promise<void> {
    while (!this.failure && this.slots.some((slot) => slot.inFlight > 0))
      await new Promise<void>((resolve) => (this.wake = resolve));
    if (this.failure) throw this.failure;
  }

  /** Stops the workers. */
  async terminate(): Promise<void> {
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.handlers.failed?.(error);
    this.signal();
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
