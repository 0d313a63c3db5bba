/**
 * The reader's rule of the changes feed for a reader holding no cursor yet: `undefined`,
 * or `null` as a cursor kept in JSON reads back before the first copy. Either is sent to
 * the dumps, though the feed's first change set counts from `null`.
 */
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../../src/index.js';
import { createClient } from '../../../src/client/index.js';
import { CHANGES_INDEX_PATH, nextFeedStep, type ChangesIndexDocument } from '../../../src/query/formats/index.js';
import { serve, type PreviewServer } from '../../../src/serve/index.js';
import { readSiteJson } from '../../helpers/site.js';

const servers: PreviewServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

describe('nextFeedStep for a reader with no cursor', () => {
  it('sends a null cursor to the dumps, as an undefined one, never applying the sets from the first', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'ds-feed-null-'));
    const out = path.join(work, 'site');
    await cp('test/fixtures/tiny/sources', path.join(work, 'sources'), { recursive: true });
    await build({ sources: path.join(work, 'sources'), out, now: new Date(Date.UTC(2026, 10, 1, 12)) });
    const index = await readSiteJson<ChangesIndexDocument>(out, CHANGES_INDEX_PATH);
    const latest = index.builds.at(-1)!.build;
    expect(index.builds[0]!.after).toBeNull();

    const none = { resync: true, reason: 'no cursor yet: start from a full copy', latest };
    expect(nextFeedStep(index, undefined)).toEqual(none);
    expect(nextFeedStep(index, null)).toEqual(none);

    const server = await serve({ dir: out, port: 0 });
    servers.push(server);
    const client = createClient({ baseUrl: server.url, cacheMs: 0 });
    // A JavaScript reader passes the null it stored; the SDK's type says `string | undefined`.
    const step = await client.changesSince(null as unknown as undefined);
    expect(step).toMatchObject({ resync: true, reason: none.reason, latest });
  });
});
