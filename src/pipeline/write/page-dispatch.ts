/**
 * How the writer's pass hands work to the writer threads: the listing pages in batches
 * whose answers come back in the listings' order (so the manifest's order is the data's
 * alone), and the other documents in batches of tasks.
 */
import type { Manifest } from '../../site/index.js';
import { listingSlots, type PagedListing } from '../assemble/index.js';
import type { PageBatch, PageBatchReply } from './page-batch.js';
import type { TaskRunner } from './write-runner.js';
import type { WriteTask } from './write-task.js';

const BATCH_TASKS = 256;
/** Pages per batch handed to a writer thread: enough to keep the message overhead small, few enough to share the work. */
const PAGES_PER_BATCH = 512;

/**
 * Hands every listing's pages to the runner in batches, with each page's previous manifest
 * entry, and gives each batch's answer to `take` in the order of the listings (so the
 * manifest's order is the data's alone), as soon as it and those before it are done.
 */
export async function renderPages(
  listings: readonly PagedListing[],
  previous: Manifest,
  runner: TaskRunner,
  how: Pick<PageBatch, 'mode' | 'generatedAt' | 'rewriteUnchanged'>,
  take: (paths: readonly string[], entries: PageBatch['previous'], reply: PageBatchReply) => void,
): Promise<void> {
  const pending: { paths: string[]; batch: PageBatch; reply?: PageBatchReply; done: Promise<PageBatchReply> }[] = [];
  const takeDone = () => {
    while (pending[0]?.reply) {
      const { paths, batch, reply } = pending.shift()!;
      take(paths, batch.previous, reply!);
    }
  };
  let batch: PageBatch = { listings: [], previous: [], ...how };
  let paths: string[] = [];
  const send = async () => {
    const { done } = await runner.pages(batch);
    const sent: (typeof pending)[number] = { paths, batch, done };
    void done.then(
      (reply) => (sent.reply = reply),
      () => undefined,
    );
    pending.push(sent);
    batch = { listings: [], previous: [], ...how };
    paths = [];
    takeDone();
  };
  for (const listing of listings) {
    for (const { path } of listingSlots(listing)) {
      paths.push(path);
      batch.previous.push(previous.get(path) ?? null);
    }
    batch.listings.push(listing);
    if (paths.length >= PAGES_PER_BATCH) await send();
  }
  if (batch.listings.length > 0) await send();
  for (const sent of [...pending]) sent.reply = await sent.done;
  takeDone();
}

/** Hands tasks to the runner in batches; a dump part, long to make, goes at once, so a writer thread makes it while the pass goes on. */
export class TaskBatch {
  private tasks: WriteTask[] = [];

  constructor(private readonly runner: TaskRunner) {}

  async add(task: WriteTask): Promise<void> {
    this.tasks.push(task);
    if (this.tasks.length === BATCH_TASKS || task.body.form === 'dump') await this.flush();
  }

  async flush(): Promise<void> {
    if (this.tasks.length === 0) return;
    const tasks = this.tasks;
    this.tasks = [];
    await this.runner.run(tasks);
  }
}
