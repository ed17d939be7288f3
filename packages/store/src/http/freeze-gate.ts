// ServiceFreeze and ServiceUnfreeze (madmin-protocol.md §3): while frozen, S3 calls wait at
// the door, as MinIO holds them during an update; admin, STS, health and metrics calls go
// on, so the cluster can still be unfrozen and watched. Freezes nest: each needs its unfreeze.

export class FreezeGate {
  private count = 0;
  private opened: Promise<void> | undefined;
  private open: (() => void) | undefined;

  get frozen(): boolean {
    return this.count > 0;
  }

  freeze(): void {
    this.count += 1;
    if (this.count === 1) this.opened = new Promise((resolve) => (this.open = resolve));
  }

  /** Lifts one freeze; an unfreeze with none in place does nothing. */
  unfreeze(): void {
    if (this.count === 0) return;
    this.count -= 1;
    if (this.count > 0) return;
    this.open?.();
    this.open = undefined;
    this.opened = undefined;
  }

  /** Runs `call` now, or once the gate opens. */
  through<T>(call: () => Promise<T>): Promise<T> {
    return this.opened ? this.opened.then(call) : call();
  }
}
