/**
 * The generations of a site's immutable documents (docs/api.md#snapshots), read from its
 * manifest: each search index document is written at its logical path and the generation of
 * the build that last changed it, and a rebuild gives a document its previous generation while
 * its content stays the same, so it keeps its path and nothing is written for it.
 */
import { createHash } from 'node:crypto';
import { contentFingerprint } from '../shared/index.js';
import { isImmutablePath, parseVersionedPath } from '../query/formats/index.js';
import type { GenerationOf } from '../query/search/index.js';
import type { Manifest } from './manifest.js';

/** The current version of a logical path: its generation and its fingerprint. */
interface Current {
  generation: number;
  fingerprint: string;
}

/** The latest generation of each logical path of a site's immutable documents, and the latest of all. */
export class SiteGenerations {
  private constructor(
    private readonly current: Map<string, Current>,
    /** The latest generation of the site; 0 for a site without any. */
    readonly latest: number,
  ) {}

  /** The generations of the immutable documents the manifest lists; none for a first build. */
  static of(manifest: Manifest | undefined): SiteGenerations {
    const current = new Map<string, Current>();
    let latest = 0;
    for (const [path, [fingerprint]] of manifest ?? []) {
      const versioned = isImmutablePath(path) ? parseVersionedPath(path) : undefined;
      if (versioned === undefined) continue;
      const { logical, generation } = versioned;
      if ((current.get(logical)?.generation ?? 0) < generation) current.set(logical, { generation, fingerprint });
      latest = Math.max(latest, generation);
    }
    return new SiteGenerations(current, latest);
  }

  /**
   * How a build of generation `next` gives each document its generation: the previous one while its content is the
   * same, else `next`, which follows the {@link latest}; a first build's (or one without a manifest: a cache lost) is
   * drawn from what the site is made of ({@link firstGeneration}), so that the same site gets the same names and
   * another one, others than any an earlier site at the same place published.
   */
  builder(next: number): GenerationOf {
    return (path, content) => {
      const before = this.current.get(path);
      return before !== undefined && before.fingerprint === contentFingerprint(content) ? before.generation : next;
    };
  }

  /** The generation the site gives each document (verify remakes the index at the site's own generations). */
  readonly own: GenerationOf = (path) => this.current.get(path)?.generation ?? this.latest + 1;
}

/** Generations a first build draws from: six base-36 digits, from 1. */
const FIRST_GENERATIONS = 36 ** 6 - 1;

/** A first build's generation, drawn from `seed` (what the site is made of: its entities' digests and slots). */
export function firstGeneration(seed: Iterable<string | Uint8Array>): number {
  const hash = createHash('sha1');
  for (const part of seed) hash.update(part).update('\n');
  return 1 + (hash.digest().readUInt32BE(0) % FIRST_GENERATIONS);
}
