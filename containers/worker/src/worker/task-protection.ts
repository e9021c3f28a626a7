/**
 * Scale-in protection of the task this worker runs in: while protected, ECS
 * neither scales the task in nor replaces it in a deployment, so a long job
 * is not cut short by the queue draining behind it.
 */
export interface TaskProtection {
  /** Protects the task (again), for the adapter's expiry from now. */
  protect(): Promise<void>;
  release(): Promise<void>;
}

/** Outside ECS (the local stack, tests) there is no task to protect. */
export const noTaskProtection: TaskProtection = {
  protect: () => Promise.resolve(),
  release: () => Promise.resolve(),
};

export type ProtectionAction = keyof TaskProtection;

/**
 * Holds the task's protection while any job runs: taken when the first job
 * starts, renewed so it never lapses under a job that outlives its expiry,
 * released when the last job ends. Calls run one after another, so a release
 * never overtakes the protect it follows. A failed call is reported and
 * swallowed: losing protection risks a handed-back job, failing it is worse.
 */
export class ProtectionHolder {
  private holders = 0;
  private renewal: NodeJS.Timeout | undefined;
  private calls: Promise<void> = Promise.resolve();

  constructor(
    private readonly port: TaskProtection,
    /** Below the protection's expiry: a third of it, so one failed renewal is survived. */
    private readonly renewEveryMs: number,
    private readonly onError: (action: ProtectionAction, error: unknown) => void,
  ) {}

  /** Runs `work` with the task protected. */
  async during<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      await this.releaseOne();
    }
  }

  private acquire(): Promise<void> {
    this.holders += 1;
    if (this.holders === 1) {
      this.renewal = setInterval(() => void this.call('protect'), this.renewEveryMs);
      this.renewal.unref();
      return this.call('protect');
    }
    // A second job waits for a protect still under way rather than start unprotected.
    return this.calls;
  }

  private releaseOne(): Promise<void> {
    this.holders -= 1;
    if (this.holders > 0) return Promise.resolve();
    clearInterval(this.renewal);
    this.renewal = undefined;
    return this.call('release');
  }

  private call(action: ProtectionAction): Promise<void> {
    this.calls = this.calls.then(() => this.port[action]()).catch((error: unknown) => this.onError(action, error));
    return this.calls;
  }
}
