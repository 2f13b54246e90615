import type { ServerResponse } from 'node:http';
import type { CloseReason } from './live-connection';
import type { LiveOutcome } from './outcome-feed';
import { drained, SSE_HEARTBEAT } from './sse';

export interface ActivityConnectionOptions {
  raw: ServerResponse;
  /** The SSE text of an outcome for this connection, or null when it is not shown (another kind, or filtered out). */
  render: (o: LiveOutcome) => string | null;
  /** Bytes of events queued plus bytes the socket holds unsent, past which the client counts as too slow and is disconnected. */
  maxBufferedBytes: number;
  onSent: (event: string, n: number) => void;
  /** The bytes this connection holds (queued events, writes not yet flushed) changed by `delta`. */
  onBuffered: (delta: number) => void;
  onClose: (reason: CloseReason) => void;
}

/**
 * One open activity stream (a project's outcomes). Each event is rendered as it arrives (so what is
 * held is its text) and written in order, one at a time, each after the socket took the previous one
 * (back-pressure). A client whose events pile up past `maxBufferedBytes` (queued, plus unsent in the
 * socket) is disconnected; there is no replay: a client that reconnects reads the activity page again.
 */
export class ActivityConnection {
  private queue: string[] = [];
  /** Everything held: queued events and writes not yet flushed. */
  private held = 0;
  private queuedBytes = 0;
  private pumping = false;
  private waitingDrain = false;
  closed = false;

  constructor(private readonly opts: ActivityConnectionOptions) {
    opts.raw.on('close', () => this.close('client'));
  }

  push(o: LiveOutcome): void {
    if (this.closed) return;
    const text = this.opts.render(o);
    if (text === null) return;
    const bytes = Buffer.byteLength(text);
    this.queue.push(text);
    this.queuedBytes += bytes;
    this.hold(bytes);
    if (this.queuedBytes + this.opts.raw.writableLength > this.opts.maxBufferedBytes) return this.close('slow');
    void this.pump();
  }

  /** A comment line, unless the socket still holds unsent data (the connection is not idle then). */
  heartbeat(): void {
    if (!this.waitingDrain) void this.write(SSE_HEARTBEAT);
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (!this.closed && this.queue.length > 0) {
        const text = this.queue.shift()!;
        const bytes = Buffer.byteLength(text);
        this.queuedBytes -= bytes;
        this.hold(-bytes);
        this.opts.onSent('outcome', 1);
        await this.write(text);
      }
    } finally {
      this.pumping = false;
    }
  }

  private hold(delta: number): void {
    if (this.closed || delta === 0) return;
    this.held += delta;
    this.opts.onBuffered(delta);
  }

  /** Writes one chunk; resolves when the socket can take more (at once, or on `drain`). */
  private write(text: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    const raw = this.opts.raw;
    const bytes = Buffer.byteLength(text);
    this.hold(bytes);
    if (raw.write(text, () => this.hold(-bytes))) return Promise.resolve();
    this.waitingDrain = true;
    return drained(raw).then(() => {
      this.waitingDrain = false;
    });
  }

  close(reason: CloseReason): void {
    if (this.closed) return;
    this.opts.onBuffered(-this.held);
    this.held = 0;
    this.closed = true;
    this.queue = [];
    this.queuedBytes = 0;
    if (reason === 'slow' || reason === 'error') this.opts.raw.destroy();
    else if (!this.opts.raw.writableEnded) this.opts.raw.end();
    this.opts.onClose(reason);
  }
}
