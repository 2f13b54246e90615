import type { IncomingMessage } from 'node:http';

/** How much of a refused body is read and thrown away, and for how long, before the connection is cut. */
export interface DrainLimits {
  maxBytes: number;
  maxMs: number;
}

/** 16 MiB or 10 s past the refusal: a client that sent a few MiB too many finishes; a flood is cut. */
export const REFUSED_BODY_DRAIN: DrainLimits = { maxBytes: 16 * 1024 * 1024, maxMs: 10_000 };

/**
 * A request refused while its body is still arriving (over the body limit, sent chunked or with a
 * Content-Length): the rest of the body is read and discarded, so the client finishes its upload
 * and reads the 413 instead of meeting a reset connection (EPIPE) mid-upload, and the connection
 * stays usable. What this costs is bounded: past `maxBytes` more, or `maxMs`, the socket is cut.
 * Returns false (nothing to do, or more announced than would be drained: close the connection).
 */
export function drainRefusedBody(raw: IncomingMessage, limits: DrainLimits = REFUSED_BODY_DRAIN): boolean {
  if (raw.complete) return false;
  const declared = Number(raw.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.maxBytes) return false;
  let left = limits.maxBytes;
  const cut = () => raw.socket?.destroy();
  const timer = setTimeout(cut, limits.maxMs);
  timer.unref();
  const stop = () => clearTimeout(timer);
  raw.on('data', (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) cut();
  });
  raw.once('end', stop);
  raw.once('close', stop);
  raw.resume();
  return true;
}
