/**
 * Reads of one answer taking turns: at most so many in flight, the others started in the
 * order they were asked for as earlier ones end. Kept per answer (a DocumentReader), never
 * shared between requests: a Worker must not settle a promise of another request.
 */
export class ReadTurns {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private nextWaiting = 0;

  /** Turns for at most `limit` reads at once. */
  constructor(private readonly limit: number) {}

  /** Runs `read` when a turn is free and gives its result; the turn passes on when it ends. */
  async run<T>(read: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await read();
    } finally {
      if (this.nextWaiting < this.waiting.length) this.waiting[this.nextWaiting++]!();
      else {
        this.running--;
        this.waiting.length = this.nextWaiting = 0;
      }
    }
  }
}
