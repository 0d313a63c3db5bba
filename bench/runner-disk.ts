/**
 * A hosted runner's disk, for `npm run bench:cycle -- --disk <GB>`: a fresh ext4 file system
 * in a loop-mounted image with that many bytes free (as `df` counts them), so that the job
 * runs out of space where a runner would, and its peak use is sampled on a file system that
 * nothing else on this machine writes to. Needs root (mount); refused clearly otherwise.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statfsSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// Free inodes of a hosted runner's root file system, about: 5 million on its 72 GB, 1.5 million of them used by its image.
const INODES = 3_500_000;

/** A mounted file system of a set free size; `close` unmounts it and deletes its image. */
export interface RunnerDisk {
  /** Where it is mounted. */
  mount: string;
  /** Bytes free when it was made. */
  freeBytes: number;
  close(): void;
}

/** Free bytes of the file system holding `dir`, as `df` counts them (for an unprivileged user). */
export function freeBytes(dir: string): number {
  const stats = statfsSync(dir);
  return stats.bavail * stats.bsize;
}

/**
 * Makes a file system with `bytes` free (within 1%) in an image under `work`, mounted at
 * `work/runner-disk`. ext4 takes part of an image for its own tables and journal, so the
 * image is made once, measured, and made again larger by what was missing.
 */
export function runnerDisk(work: string, bytes: number): RunnerDisk {
  if (process.getuid?.() !== 0)
    throw new Error('--disk mounts a file system of that size and needs root; run the bench as root or without --disk');
  const image = path.join(work, 'runner-disk.img');
  const mount = path.join(work, 'runner-disk');
  mkdirSync(mount, { recursive: true });
  let size = bytes;
  for (let attempt = 0; attempt < 3; attempt++) {
    rmSync(image, { force: true });
    writeFileSync(image, '');
    truncateSync(image, size);
    // -m 0: no blocks kept back for root, so that free space is what a job can write. -N: inodes
    // as a runner's large root file system has free (millions), not one per 16 KiB of this
    // small one: the L site alone is 420,000 files in 290,000 folders.
    execFileSync('mkfs.ext4', ['-q', '-F', '-m', '0', '-N', String(INODES), image]);
    execFileSync('mount', ['-o', 'loop', image, mount]);
    const free = freeBytes(mount);
    if (free >= bytes * 0.995) {
      return {
        mount,
        freeBytes: free,
        close() {
          execFileSync('umount', [mount]);
          rmSync(image, { force: true });
        },
      };
    }
    execFileSync('umount', [mount]);
    size += bytes - free + Math.ceil(bytes * 0.002);
  }
  rmSync(image, { force: true });
  throw new Error(`could not make a file system with ${bytes} bytes free`);
}
