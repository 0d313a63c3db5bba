/** docs/hostile-inputs.md and the fault suite move together: every case the table names is in the file it names. */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('docs/hostile-inputs.md', () => {
  it('names only cases its tests hold', () => {
    const rows = [...readFileSync('docs/hostile-inputs.md', 'utf8').matchAll(/\| `([^`]+)` › `([^`]+)` \|$/gm)].map(([, file, name]) => ({
      file: file!,
      name: name!,
    }));
    expect(rows.length).toBeGreaterThan(30);
    const missing = rows.filter(({ file, name }) => !existsSync(file) || !readFileSync(file, 'utf8').includes(name));
    expect(missing).toEqual([]);
  });
});
