/** The stages of a build as it runs: which one, how far, and how long each took. */

/** The stages, in the order a build runs them (`fetch` only for remote sources). */
export type BuildStage = 'fetch' | 'load' | 'validate' | 'model' | 'plan' | 'render' | 'write';

/** What a running build says: the stage it entered, or how far it is in it (`done` of `total`), or a note. */
export interface BuildProgress {
  stage: BuildStage;
  done?: number;
  total?: number;
  message?: string;
}

/** Times the stages of one build and passes each step to `onProgress`. */
export class StageClock {
  private current: { stage: BuildStage; since: number } | undefined;
  private readonly spent: Partial<Record<BuildStage, number>> = {};

  constructor(private readonly onProgress: (progress: BuildProgress) => void) {}

  /** Ends the stage before, if any, and starts `stage`. */
  start(stage: BuildStage): void {
    this.stop();
    this.current = { stage, since: performance.now() };
    this.onProgress({ stage });
  }

  /** Says how far the current stage is, or a note about it. */
  report(progress: Omit<BuildProgress, 'stage'>): void {
    if (this.current) this.onProgress({ stage: this.current.stage, ...progress });
  }

  /** Ends the current stage; returns milliseconds spent per stage so far. */
  stop(): Partial<Record<BuildStage, number>> {
    if (this.current)
      this.spent[this.current.stage] = (this.spent[this.current.stage] ?? 0) + performance.now() - this.current.since;
    this.current = undefined;
    return { ...this.spent };
  }
}
