import type { ServerResponse } from 'node:http';
import type { OutcomeEvent } from '@herald/contracts';
import { backoff, sleep } from '@herald/service-kit';
import type { LiveOutcome } from './outcome-feed';
import { drained, SSE_HEARTBEAT, sseEvent } from './sse';

/** SSE event name of an outcome type; null: not shown on the live stream (not in the feed). */
export function liveEventName(type: string): 'notification' | 'notification.updated' | null {
  // A snooze that ended brings the notification back to the feed as new.
  if (type === 'notification.delivered' || type === 'notification.unsnoozed') return 'notification';
  return UPDATED_TYPES.has(type) ? 'notification.updated' : null;
}

/** Outcome types of a change to a notification of the feed (a flag, an action, a snooze, the archive). */
const UPDATED_TYPES = new Set([
  'notification.read',
  'notification.opened',
  'notification.unread',
  'notification.unopened',
  'notification.seen',
  'notification.unseen',
  'notification.archived',
  'notification.unarchived',
  'notification.action',
  'notification.snoozed',
]);

/** The recipient's counts as every event carries them: unread, and unseen (the badge of a list that counts what was not seen yet). */
export interface LiveCounts {
  unread: number;
  unseen: number;
}

const countsData = (c: LiveCounts) => ({ unread_count: c.unread, unseen_count: c.unseen });

/**
 * Why a stream ended: the client left; it read too slowly; the replica shut down; a failure; its
 * credential ended (the recipient token expired, the key was revoked, the recipient erased); it
 * its console session ended (signed out, or expired); reached its maximum lifetime; or revocations may have been missed (the NATS connection came back).
 */
export type CloseReason = 'client' | 'slow' | 'shutdown' | 'error' | 'token_expired' | 'session_ended' | 'key_revoked' | 'recipient_erased' | 'max_lifetime' | 'nats_reconnected';

export interface LiveConnectionOptions {
  raw: ServerResponse;
  /** Everything up to this stream sequence was sent (or predates the connection). */
  startSeq: number;
  /** The recipient's current counts (read after the events they go with were written). */
  counts: () => Promise<LiveCounts>;
  /** The feed's JSON object of an event's notification, for this connection's audience. */
  view: (event: OutcomeEvent) => unknown;
  /** Bytes of live events queued plus bytes the socket holds unsent, past which the client counts as too slow and is disconnected. */
  maxBufferedBytes: number;
  onSent: (event: string, n: number) => void;
  /** The bytes this connection holds (queued events, writes not yet flushed) changed by `delta`. */
  onBuffered?: (delta: number) => void;
  onClose: (reason: CloseReason) => void;
}

interface Queued {
  o: LiveOutcome;
  /** Came by replay (bounded when read), not live. */
  replayed: boolean;
}

/**
 * One open stream. Events are queued as they arrive and written in order by one pump: per round,
 * every queued event newer than the last one sent, each carrying the unread and unseen counts read
 * once for the round (after their writes: they reflect them), then an `unread_count` event. Events are written one
 * at a time, each after the socket took the previous one (back-pressure), so what a connection holds
 * is its queue and at most one event in the socket's buffer. The `id:` of each is its
 * HERALD_OUTCOMES sequence, so ids only grow; anything at or below the last sent id is dropped (an
 * event that came both by replay and live). A client whose live events pile up past
 * `maxBufferedBytes` (queued, plus unsent in the socket) is disconnected: it reconnects with
 * Last-Event-ID and is replayed what it missed.
 */
export class LiveConnection {
  private lastSent: number;
  private queue: Queued[] = [];
  /** Encoded bytes of the queued live events (replayed ones are bounded by the replay). */
  private liveQueued = 0;
  /** Everything held: queued events (live and replayed) and writes not yet flushed. */
  private held = 0;
  private pumping = false;
  private live = false;
  private waitingDrain = false;
  closed = false;

  constructor(private readonly opts: LiveConnectionOptions) {
    this.lastSent = opts.startSeq;
    opts.raw.on('close', () => this.close('client'));
  }

  /** Queues an event (live, or replayed before `goLive`). */
  push(o: LiveOutcome, replayed = false): void {
    if (this.closed || o.seq <= this.lastSent || liveEventName(o.event.type) === null) return;
    this.queue.push({ o, replayed });
    this.hold(o.size);
    if (!replayed) {
      this.liveQueued += o.size;
      if (this.liveQueued + this.opts.raw.writableLength > this.opts.maxBufferedBytes) return this.close('slow');
    }
    if (this.live) void this.pump();
  }

  /** Writes the replayed/buffered events, or (none) the connect `unread_count` with `initialCounts`, then follows live events. */
  async goLive(initialCounts: LiveCounts, replayed: LiveOutcome[]): Promise<void> {
    // Live events that arrived while connecting may postdate `initialCount`: then the count is read again.
    const arrivedMeanwhile = this.queue.length > 0;
    for (const o of replayed) this.push(o, true);
    if (this.queue.length === 0) {
      this.opts.onSent('unread_count', 1);
      await this.write(sseEvent('unread_count', this.lastSent, countsData(initialCounts)));
    }
    this.live = true;
    await this.pump(arrivedMeanwhile ? undefined : initialCounts);
  }

  /** Sends a `reset` (the client must refetch: what it missed is beyond the replay window). */
  reset(seq: number, counts: LiveCounts): void {
    this.lastSent = Math.max(this.lastSent, seq);
    this.opts.onSent('reset', 1);
    void this.write(sseEvent('reset', this.lastSent, { reason: 'replay_window_exceeded', ...countsData(counts) }));
  }

  /** A comment line, unless the socket still holds unsent data (the connection is not idle then). */
  heartbeat(): void {
    if (!this.waitingDrain) void this.write(SSE_HEARTBEAT);
  }

  /** Newer than the last sent, in sequence order, each once (an event may come both replayed and live). */
  private takeRound(): Queued[] {
    const round: Queued[] = [];
    for (const q of this.queue.splice(0).sort((a, b) => a.o.seq - b.o.seq)) {
      if (q.o.seq > this.lastSent && (round.length === 0 || round[round.length - 1].o.seq !== q.o.seq)) round.push(q);
      else this.dequeued(q);
    }
    return round;
  }

  private dequeued(q: Queued): void {
    if (this.closed) return;
    this.hold(-q.o.size);
    if (!q.replayed) this.liveQueued -= q.o.size;
  }

  private async pump(knownCounts?: LiveCounts): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    let round: Queued[] = [];
    try {
      let known = knownCounts;
      while (!this.closed && this.queue.length > 0) {
        round = this.takeRound();
        if (round.length === 0) continue;
        const counts = countsData(known ?? (await this.countWithRetry()));
        known = undefined;
        while (round.length > 0 && !this.closed) {
          const q = round.shift()!;
          this.dequeued(q);
          const name = liveEventName(q.o.event.type)!;
          this.lastSent = q.o.seq;
          this.opts.onSent(name, 1);
          await this.write(sseEvent(name, q.o.seq, { notification: this.opts.view(q.o.event), ...counts }));
        }
        if (this.closed) return;
        this.opts.onSent('unread_count', 1);
        await this.write(sseEvent('unread_count', this.lastSent, counts));
      }
    } catch {
      this.close('error');
    } finally {
      for (const q of round) this.dequeued(q);
      this.pumping = false;
    }
  }

  /** The counts, tried three times (a busy delivery service); still failing, the stream closes and the client reconnects. */
  private async countWithRetry(): Promise<LiveCounts> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.opts.counts();
      } catch (err) {
        if (attempt >= 2 || this.closed) throw err;
        await sleep(backoff({ attempt: attempt + 1, baseMs: 200, maxMs: 1_000 }));
      }
    }
  }

  private hold(delta: number): void {
    if (this.closed || delta === 0) return;
    this.held += delta;
    this.opts.onBuffered?.(delta);
  }

  /** Writes one chunk; resolves when the socket can take more (at once, or on `drain`). */
  private write(text: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    const raw = this.opts.raw;
    const bytes = Buffer.byteLength(text);
    this.hold(bytes);
    const ok = raw.write(text, () => this.hold(-bytes));
    if (this.liveQueued + raw.writableLength > this.opts.maxBufferedBytes) {
      this.close('slow');
      return Promise.resolve();
    }
    if (ok) return Promise.resolve();
    this.waitingDrain = true;
    return drained(raw).then(() => {
      this.waitingDrain = false;
    });
  }

  close(reason: CloseReason): void {
    if (this.closed) return;
    // What it held is released at once, whatever the socket does with it now.
    this.opts.onBuffered?.(-this.held);
    this.held = 0;
    this.closed = true;
    this.queue = [];
    this.liveQueued = 0;
    if (reason === 'slow' || reason === 'error') this.opts.raw.destroy();
    else if (!this.opts.raw.writableEnded) this.opts.raw.end();
    this.opts.onClose(reason);
  }
}
