import { createHmac } from 'node:crypto';

/** A token in a legacy format (`<version>.<payload>.<mac>`, key derived for `purpose`), as links and callbacks sent before the switch carry it. */
export function legacyToken(secret: string, opts: { purpose: string; version: string }, payload: Record<string, unknown>): string {
  const key = createHmac('sha256', secret).update(opts.purpose).digest();
  const signed = `${opts.version}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${signed}.${createHmac('sha256', key).update(signed).digest('base64url')}`;
}
