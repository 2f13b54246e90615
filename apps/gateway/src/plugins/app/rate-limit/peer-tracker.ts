/**
 * Counts live gateway replicas from the heartbeats they publish: a peer is live when it was heard
 * within `windowMs`. This process always counts itself, so the count is at least 1.
 */
export class PeerTracker {
  private readonly lastSeen = new Map<string, number>();

  constructor(
    readonly selfId: string,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  heard(id: string): void {
    if (id !== this.selfId) this.lastSeen.set(id, this.now());
  }

  left(id: string): void {
    this.lastSeen.delete(id);
  }

  liveReplicas(): number {
    const cutoff = this.now() - this.windowMs;
    for (const [id, at] of this.lastSeen) if (at < cutoff) this.lastSeen.delete(id);
    return 1 + this.lastSeen.size;
  }
}
