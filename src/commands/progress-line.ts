/**
 * A build's progress on standard error: on a terminal one line redrawn in place (the stage,
 * documents done of the total, an estimate of the time left); in a log, only a line every
 * few thousand documents, so that a failing build's first line is its error.
 */
import type { BuildProgress, BuildStage } from '../pipeline/index.js';

const LOG_EVERY = 5000;
const REDRAW_MS = 100;

/** Prints build progress to `stream`; `end` finishes the line on a terminal. */
export function progressLine(stream: NodeJS.WriteStream): { onProgress(progress: BuildProgress): void; end(): void } {
  const terminal = stream.isTTY === true;
  let stageStarted = performance.now();
  let lastDraw = 0;
  let drawn = false;
  let logged = 0;
  const draw = (text: string) => {
    stream.write(`\r\x1b[K${text}`);
    drawn = true;
  };
  return {
    onProgress({ stage, done, total, message }) {
      if (message !== undefined) {
        if (drawn) stream.write('\n');
        drawn = false;
        stream.write(`  ${message}\n`);
      } else if (done === undefined) {
        stageStarted = performance.now();
        logged = 0;
        if (terminal) draw(`  ${stage}…`);
      } else if (terminal && performance.now() - lastDraw >= REDRAW_MS) {
        lastDraw = performance.now();
        draw(`  ${describe(stage, done, total, stageStarted)}`);
      } else if (!terminal && done >= logged + LOG_EVERY) {
        logged = done - (done % LOG_EVERY);
        stream.write(`  ${describe(stage, done, total, stageStarted)}\n`);
      }
    },
    end() {
      if (drawn) stream.write('\r\x1b[K');
      drawn = false;
    },
  };
}

// `write: 12000 of 124000 documents (10%), about 21 s left`
function describe(stage: BuildStage, done: number, total: number | undefined, since: number): string {
  if (total === undefined || total <= 0) return `${stage}: ${done} documents`;
  const elapsed = (performance.now() - since) / 1000;
  const left = done > 0 ? (elapsed / done) * Math.max(0, total - done) : NaN;
  const estimate = Number.isFinite(left) ? `, about ${left < 10 ? left.toFixed(1) : Math.round(left)} s left` : '';
  return `${stage}: ${done} of ${total} documents (${Math.min(100, Math.floor((done / total) * 100))}%)${estimate}`;
}
