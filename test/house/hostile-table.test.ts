/**
 * docs/hostile-inputs.md and the code move together: every case the table names is in the file it names, and every
 * message it quotes is one the code can still print.
 */
import { existsSync, readFileSync } from 'node:fs';
import fg from 'fast-glob';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Messages of the programs a case talks to, which the table quotes as our output passes them on: the local S3 server's
 * refusal of a key, the AWS SDK's request timeout, the MCP SDK's refusal of a large body.
 */
const OTHER_PROGRAMS = [
  'node_modules/s3rver/lib/middleware/authentication.js',
  'node_modules/@smithy/node-http-handler/dist-cjs/index.js',
  'node_modules/@modelcontextprotocol/sdk/dist/esm/server/requestBody.js',
];

/**
 * Runs of fewer words than this are not checked (`Not Found`, `a secret`: too short to say which code printed them); a
 * piece of a run this short is found only between literals' edges, a piece this long may also start a run anywhere.
 */
const FREE_RUN_WORDS = 3;

/** The text of every string and template literal in `file`, a template's parts apart (each `${…}` is an edge). */
function literalTexts(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const texts: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) texts.push(node.text);
    else if (ts.isTemplateExpression(node))
      texts.push(node.head.text, ...node.templateSpans.map((span) => span.literal.text));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

/** What the code can print: its literals (and the test servers' own, which stand for hostile hosts), each between NULs. */
function printableText(): string {
  const literals = fg.sync(['src/**/*.ts', 'test/helpers/**/*.ts']).flatMap(literalTexts);
  const others = OTHER_PROGRAMS.flatMap(literalTexts);
  return `\0${[...literals, ...others].map((text) => text.replace(/\s+/g, ' ')).join('\0')}\0`;
}

/**
 * A run of plain words in a quoted message (`holds the control character`) and the character before and after it (a
 * space and the next one; `''` at the quote's start or end, or a `…`).
 */
interface WordRun {
  words: string[];
  before: string;
  after: string;
}

/** The runs of plain words in a quoted message, split at everything else: values, paths, numbers, `…`. */
function wordRuns(quote: string): WordRun[] {
  return [...quote.matchAll(/(?<![\w+/.-])[A-Z]?[a-z]+(?:'[a-z]+)?(?: [A-Z]?[a-z]+(?:'[a-z]+)?)*(?![\w+/-])/g)].map(
    ({ 0: run, index }) => {
      const preceding = quote.slice(0, index);
      const following = quote.slice(index + run.length);
      const before = preceding.slice(preceding.endsWith(' ') ? -2 : -1);
      const after = following.slice(0, following.startsWith(' ') ? 2 : 1);
      return {
        words: run.split(' '),
        before: before.includes('…') ? '' : before,
        after: after.includes('…') ? '' : after,
      };
    },
  );
}

/**
 * Whether `run` can be printed by the code: its words split into pieces, each found in `text` with what may stand
 * beside it there. Beside a piece of fewer than {@link FREE_RUN_WORDS} words stands a literal's edge, where the code puts
 * a value (`${article} ${kind} address` printing `a loopback address`, `but ${what}` printing `but a socket`); after the
 * run's last piece, that or the quote's own next character (so `no source files (` is not `no source files found`). A
 * word the message also prints in a URL (`localhost`, `file`) stands for itself.
 */
function printable({ words, before, after }: WordRun, text: string, values: Set<string>): boolean {
  const found = (start: number, end: number): boolean => {
    const piece = words.slice(start, end).join(' ');
    if (end - start === 1 && values.has(piece)) return true;
    const lefts = ['\0', '\0 ', ...(start === 0 ? [end - start >= FREE_RUN_WORDS ? '' : before] : [])];
    const rights = ['\0', ' \0', ...(end === words.length ? [after] : [])];
    return lefts.some((left) => rights.some((right) => text.includes(left + piece + right)));
  };
  const endsHere = Array<boolean>(words.length + 1).fill(false);
  endsHere[words.length] = true;
  for (let start = words.length - 1; start >= 0; start--) {
    for (let end = start + 1; end <= words.length && !endsHere[start]; end++)
      endsHere[start] = endsHere[end]! && found(start, end);
  }
  return endsHere[0]!;
}

/** The runs of a quoted message that the code cannot print, joined back into text. */
function unprintedRuns(quote: string, text: string): string[] {
  const values = new Set([...quote.matchAll(/[a-z]+(?=:\/\/)|(?<=[/@])[a-z]+(?=[:/.])/g)].map(([value]) => value));
  return wordRuns(quote)
    .filter((run) => run.words.length >= FREE_RUN_WORDS && !printable(run, text, values))
    .map(({ words }) => words.join(' '));
}

/** The table's rows: the cells of each line between `|`, a `\|` kept as text. */
function tableRows(): string[][] {
  return readFileSync('docs/hostile-inputs.md', 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| input |'))
    .map((line) =>
      line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((cell) => cell.trim().replace(/\\\|/g, '|')),
    );
}

describe('docs/hostile-inputs.md', () => {
  const rows = tableRows();
  const text = printableText();

  it('names only cases its tests hold', () => {
    const cases = rows.flatMap((cells) =>
      [...cells.at(-1)!.matchAll(/^`([^`]+)` › `([^`]+)`$/g)].map(([, file, name]) => ({ file: file!, name: name! })),
    );
    expect(cases.length).toBeGreaterThan(30);
    const missing = cases.filter(({ file, name }) => !existsSync(file) || !readFileSync(file, 'utf8').includes(name));
    expect(missing).toEqual([]);
  });

  it('quotes only messages the code prints', () => {
    const quotes = rows.flatMap((cells) => [...cells.at(-2)!.matchAll(/`([^`]+)`/g)].map(([, quote]) => quote!));
    expect(quotes.length).toBeGreaterThan(100);
    const unprinted = quotes.flatMap((quote) => unprintedRuns(quote, text).map((run) => `${run}  (in: ${quote})`));
    expect(unprinted).toEqual([]);
  });

  it('finds a message reworded: a word changed, dropped or moved', () => {
    expect(unprintedRuns('no source files found in sources: dataset-site reads *.json', text)).toEqual([]);
    for (const changed of [
      'no source files were found in sources',
      'no source files found at sources',
      'no files found in sources',
      'no source found files in sources',
    ])
      expect(unprintedRuns(`${changed}: dataset-site reads *.json`, text)).toEqual([changed]);
    // What the table quoted until the message changed:
    expect(unprintedRuns('no source files (*.json, *.ndjson, *.jsonl) found in …; check --sources', text)).toEqual([
      'no source files',
    ]);
  });
});
