/** How often a lost gateway is tried again: the local carrier restarts a dead Janus at once, on the same address. */
const RETRY_MS = 1_000;

/**
 * Watches the phone gateway (Janus) the way the platform watches Redis: once its session is lost, a new one is tried
 * every second until Janus answers again, and whoever shows the phone's state hears when it goes and when it is back
 * (issue 29: the badge stayed a green "Connected" while Janus was down).
 */
export class GatewaySupervisor {
  reachable = true;
  private retry?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    /** Opens a new gateway session (resolves once it is made). */
    private readonly reopen: () => Promise<unknown>,
    private readonly onChange: (reachable: boolean) => void,
  ) {}

  /** The gateway's session was lost. */
  lost(): void {
    if (this.stopped) return;
    if (this.reachable) {
      this.reachable = false;
      this.onChange(false);
    }
    this.schedule();
  }

  /** A session was made outside the retries (a call or a connect reopened it first). */
  back(): void {
    if (this.reachable || this.stopped) return;
    clearTimeout(this.retry);
    this.retry = undefined;
    this.reachable = true;
    this.onChange(true);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
  }

  private schedule(): void {
    if (this.retry || this.stopped) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.reopen().then(
        () => this.back(),
        () => this.schedule(),
      );
    }, RETRY_MS);
    this.retry.unref();
  }
}
