import type { ServerResponse } from 'node:http';
import type { OutcomeEvent } from '@herald/contracts';
import type { LiveOutcome } from './outcome-feed';
import { SSE_HEARTBEAT, sseEvent } from './sse';

/** SSE event name of an outcome type; null: not shown on the live stream (not in the feed). */
export function liveEventName(type: string): 'notification' | 'notification.updated' | null {
  if (type === 'notification.delivered') return 'notification';
  if (type === 'notification.read' || type === 'notification.opened' || type === 'notification.unread' || type === 'notification.unopened') return 'notification.updated';
  return null;
}

export type CloseReason = 'client' | 'slow' | 'shutdown' | 'error';

export interface LiveConnectionOptions {
  raw: ServerResponse;
  /** Everything up to this stream sequence was sent (or predates the connection). */
  startSeq: number;
  /** The recipient's current unread count (read after the events it goes with were written). */
  countUnread: () => Promise<number>;
  /** The feed's JSON object of an event's notification, for this connection's audience. */
  view: (event: OutcomeEvent) => unknown;
  /** Bytes the socket may hold unsent before the client counts as too slow and is disconnected. */
  maxBufferedBytes: number;
  onSent: (event: string, n: number) => void;
  onClose: (reason: CloseReason) => void;
}

/**
 * One open stream. Events are queued as they arrive and written in order by one pump: per round,
 * every queued event newer than the last one sent, each carrying the unread count read once for the
 * round (after their writes: it reflects them), then an `unread_count` event. The `id:` of each is
 * its HERALD_OUTCOMES sequence, so ids only grow; anything at or below the last sent id is dropped
 * (an event that came both by replay and live). A client that lets more than `maxBufferedBytes`
 * pile up unsent is disconnected (it reconnects with Last-Event-ID and is replayed what it missed).
 */
export class LiveConnection {
  private lastSent: number;
  private queue: LiveOutcome[] = [];
  private pumping = false;
  private live = false;
  closed = false;

  constructor(private readonly opts: LiveConnectionOptions) {
    this.lastSent = opts.startSeq;
    opts.raw.on('close', () => this.close('client'));
  }

  /** Queues an event (live, or replayed before `goLive`). */
  push(o: LiveOutcome): void {
    if (this.closed || o.seq <= this.lastSent || liveEventName(o.event.type) === null) return;
    this.queue.push(o);
    if (this.live) void this.pump();
  }

  /** Writes the replayed/buffered events, or (none) the connect `unread_count` with `count`, then follows live events. */
  async goLive(initialCount: number, replayed: LiveOutcome[]): Promise<void> {
    // Live events that arrived while connecting may postdate `initialCount`: then the count is read again.
    const arrivedMeanwhile = this.queue.length > 0;
    for (const o of replayed) this.push(o);
    if (this.queue.length === 0 || this.queue.every((o) => o.seq <= this.lastSent)) {
      this.write(sseEvent('unread_count', this.lastSent, { unread_count: initialCount }));
      this.opts.onSent('unread_count', 1);
    }
    this.live = true;
    await this.pump(arrivedMeanwhile ? undefined : initialCount);
  }

  /** Sends a `reset` (the client must refetch: what it missed is beyond the replay window). */
  reset(seq: number, unreadCount: number): void {
    this.lastSent = Math.max(this.lastSent, seq);
    this.write(sseEvent('reset', this.lastSent, { reason: 'replay_window_exceeded', unread_count: unreadCount }));
    this.opts.onSent('reset', 1);
  }

  heartbeat(): void {
    this.write(SSE_HEARTBEAT);
  }

  private async pump(knownCount?: number): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      let count = knownCount;
      while (!this.closed && this.queue.length > 0) {
        // Newer than the last sent, in sequence order, each once (an event may come both replayed and live).
        const batch = this.queue
          .splice(0)
          .filter((o) => o.seq > this.lastSent)
          .sort((a, b) => a.seq - b.seq)
          .filter((o, i, all) => i === 0 || all[i - 1].seq !== o.seq);
        if (batch.length === 0) continue;
        const unread = count ?? (await this.countWithRetry());
        count = undefined;
        if (this.closed) return;
        let text = '';
        for (const o of batch) {
          const name = liveEventName(o.event.type)!;
          text += sseEvent(name, o.seq, { notification: this.opts.view(o.event), unread_count: unread });
          this.opts.onSent(name, 1);
        }
        this.lastSent = batch[batch.length - 1].seq;
        text += sseEvent('unread_count', this.lastSent, { unread_count: unread });
        this.opts.onSent('unread_count', 1);
        this.write(text);
      }
    } catch {
      this.close('error');
    } finally {
      this.pumping = false;
    }
  }

  /** The count, tried three times (a busy delivery service); still failing, the stream closes and the client reconnects. */
  private async countWithRetry(): Promise<number> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.opts.countUnread();
      } catch (err) {
        if (attempt >= 2 || this.closed) throw err;
        await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
      }
    }
  }

  private write(text: string): void {
    if (this.closed) return;
    this.opts.raw.write(text);
    if (this.opts.raw.writableLength > this.opts.maxBufferedBytes) this.close('slow');
  }

  close(reason: CloseReason): void {
    if (this.closed) return;
    this.closed = true;
    this.queue = [];
    if (reason === 'slow' || reason === 'error') this.opts.raw.destroy();
    else if (!this.opts.raw.writableEnded) this.opts.raw.end();
    this.opts.onClose(reason);
  }
}
