/** What a build says while it runs: on a terminal, the stage, files of the total and the time left; in a log, little. */
import { describe, expect, it } from 'vitest';
import { progressLine } from '../../src/commands/progress-line.js';
import { buildTempSite } from '../helpers/site.js';

function stream(isTTY: boolean) {
  const chunks: string[] = [];
  return { chunks, stream: { isTTY, write: (chunk: string) => chunks.push(chunk) } as unknown as NodeJS.WriteStream };
}

describe('the progress line', () => {
  it('on a terminal, redraws one line with the stage, the documents done of the total and an estimate of the time left', async () => {
    const { chunks, stream: out } = stream(true);
    const line = progressLine(out);
    line.onProgress({ stage: 'load' });
    line.onProgress({ stage: 'write' });
    await new Promise((resolve) => setTimeout(resolve, 120));
    line.onProgress({ stage: 'write', done: 500, total: 2000 });
    line.end();
    expect(chunks[0]).toBe('\r\x1b[K  load…');
    expect(chunks.join('')).toMatch(/\r\x1b\[K {2}write: 500 of 2000 documents \(25%\), about \d+(\.\d)? s left/);
    expect(chunks.at(-1)).toBe('\r\x1b[K');
  });

  it('in a log, writes only a line every 5,000 documents', () => {
    const { chunks, stream: out } = stream(false);
    const line = progressLine(out);
    line.onProgress({ stage: 'load' });
    for (let done = 500; done <= 12_000; done += 500) line.onProgress({ stage: 'write', done, total: 12_000 });
    line.end();
    expect(chunks.map((chunk) => chunk.replace(/, about .*$/s, ''))).toEqual([
      '  write: 5000 of 12000 documents (41%)',
      '  write: 10000 of 12000 documents (83%)',
    ]);
  });

  it('comes with the time each stage took', async () => {
    const seen: string[] = [];
    const result = await buildTempSite({
      sources: 'test/fixtures/tiny/sources',
      onProgress: ({ stage, done }) => done === undefined && seen.push(stage),
    });
    expect(seen).toEqual(['load', 'validate', 'model', 'plan', 'render', 'write']);
    expect(Object.keys(result.stages)).toEqual(seen);
    expect(Object.values(result.stages).every((ms) => ms! >= 0)).toBe(true);
  });
});
