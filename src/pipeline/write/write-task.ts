/**
 * Writing one document into the staging folder: hard-link the previous build's file when
 * the document did not change, otherwise assemble its bytes and write them. Runs in the
 * writer's worker threads, or in the main thread when there are none.
 */
import { linkSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ResponseContext } from '../../query/responses/index.js';
import { assemble, type AssembleContext, type DocumentBody } from '../assemble/index.js';

/** One document to put into the staging folder. */
export interface WriteTask {
  path: string;
  body: DocumentBody;
  /**
   * The document's size when the previous site holds it unchanged: that file is
   * hard-linked instead (after checking its size); {@link REUSE_ANY_SIZE} to link it
   * whatever its size (a gzipped dump part, whose size is known only once made); `-1` to
   * always write.
   */
  reuse: number;
}

/** {@link WriteTask.reuse} for an unchanged document whose size is not known before it is made. */
export const REUSE_ANY_SIZE = -2;

/** Where a {@link TaskWriter} writes, and what it assembles from. */
export interface TaskWriterOptions {
  context: AssembleContext;
  /** What listing pages are rendered with (page-batch.ts). */
  responseContext: ResponseContext;
  stagingDir: string;
  /** The previous site, whose unchanged files are hard-linked. */
  previousDir: string;
}

/** Writes documents into the staging folder, one folder creation per folder. */
export class TaskWriter {
  private readonly folders = new Set<string>();
  private scratch = Buffer.allocUnsafe(1 << 20);

  constructor(private readonly options: TaskWriterOptions) {}

  /**
   * Writes (or links) one document; returns whether it was linked. A file-system error
   * names the file it was writing (`ENOSPC: no space left on device, write '…/page.json'`).
   */
  run(task: WriteTask): boolean {
    const target = path.join(this.options.stagingDir, task.path);
    try {
      return this.write(task, target);
    } catch (error) {
      const failure = error as NodeJS.ErrnoException;
      if (failure.syscall !== undefined && failure.path === undefined) {
        failure.path = target;
        failure.message = `${failure.message} '${target}'`;
      }
      throw failure;
    }
  }

  private write(task: WriteTask, target: string): boolean {
    const folder = path.dirname(target);
    if (!this.folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      this.folders.add(folder);
    }
    if (
      (task.reuse >= 0 || task.reuse === REUSE_ANY_SIZE) &&
      this.link(path.join(this.options.previousDir, task.path), target, task.reuse)
    )
      return true;
    const bytes = assemble(task.body, this.options.context, this.scratch);
    if (bytes.buffer !== this.scratch.buffer && bytes.length > this.scratch.length && bytes.length <= 1 << 26)
      this.scratch = Buffer.allocUnsafe(bytes.length);
    writeFileSync(target, bytes);
    return false;
  }

  // The previous file is only trusted when it still has the expected size; any failure
  // (another file system, no hard links, a file gone) falls back to writing.
  private link(previous: string, target: string, size: number): boolean {
    try {
      if (size !== REUSE_ANY_SIZE && statSync(previous).size !== size) return false;
      linkSync(previous, target);
      return true;
    } catch {
      return false;
    }
  }
}
