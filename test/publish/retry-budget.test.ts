/** The retries of a publish (retry-budget.ts): one budget, deadlines that end attempts, refusals never retried. */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/shared/index.js';
import { createRetrier } from '../../src/publish/retry-budget.js';

const unavailable = () =>
  Object.assign(new Error('Please reduce your request rate.'), {
    name: 'SlowDown',
    $metadata: { httpStatusCode: 503 },
  });

describe('createRetrier', () => {
  it('ends a request that keeps failing within the budget, though other requests keep succeeding', async () => {
    const retrier = createRetrier({ budgetMs: 600, requestDeadlineMs: 1000 });
    let stop = false;
    const others = (async () => {
      while (!stop) await retrier.run('ok', async () => sleep(20));
    })();
    const started = performance.now();
    let attempts = 0;
    const error = await retrier
      .run('cannot upload k in s3://b/ at E', async () => {
        attempts++;
        throw unavailable();
      })
      .catch((caught: unknown) => caught as UserError);
    stop = true;
    await others;
    expect(performance.now() - started).toBeLessThan(900);
    expect(attempts).toBeGreaterThan(1);
    expect(error).toBeInstanceOf(UserError);
    expect(error.exitCode).toBe(74);
    expect(error.message).toMatch(
      /^cannot upload k in s3:\/\/b\/ at E: gave up after \d+ attempts in 0\.\d s \(--budget 0\.6 s without an answer\): SlowDown \(HTTP 503\): Please reduce your request rate\.$/,
    );
  });

  it('cuts an attempt that never settles at its deadline, and retries it', async () => {
    const retrier = createRetrier({ budgetMs: 5000, requestDeadlineMs: 100 });
    let attempts = 0;
    const signals: AbortSignal[] = [];
    const answer = await retrier.run('read', async (signal) => {
      signals.push(signal);
      if (++attempts < 3) await new Promise(() => {});
      return 'answered';
    });
    expect(answer).toBe('answered');
    expect(attempts).toBe(3);
    expect(signals.slice(0, 2).map((signal) => signal.aborted)).toEqual([true, true]);
  });

  it('throws a refusal a retry cannot mend at once, as it is', async () => {
    const retrier = createRetrier({ budgetMs: 5000, requestDeadlineMs: 1000 });
    const denied = Object.assign(new Error('Access Denied'), {
      name: 'AccessDenied',
      $metadata: { httpStatusCode: 403 },
    });
    let attempts = 0;
    await expect(
      retrier.run('read', async () => {
        attempts++;
        throw denied;
      }),
    ).rejects.toBe(denied);
    expect(attempts).toBe(1);
  });
});
