import { isIP } from 'node:net';
import { ForbiddenAddressError } from '@herald/service-kit';

/**
 * What a failed webhook request is called in the delivery log: in terms of the URL's host, never
 * the address it resolved to. A customer reading the log of an endpoint that points at an internal
 * name (`http://kube-dns.kube-system/`, a rebinding domain) must not learn what it maps to, so
 * connection errors are described by their code, and any IP address left in another error's text is
 * replaced by the URL's host.
 */
const BY_CODE: Record<string, (host: string, hostname: string) => string> = {
  ECONNREFUSED: (host) => `connection refused by ${host}`,
  ECONNRESET: (host) => `connection reset by ${host}`,
  EPIPE: (host) => `connection closed by ${host} while sending`,
  ETIMEDOUT: (host) => `connection to ${host} timed out`,
  EHOSTUNREACH: (host) => `${host} is unreachable`,
  ENETUNREACH: (host) => `${host} is unreachable (no route)`,
  EADDRNOTAVAIL: (host) => `${host} is unreachable (address not available)`,
  ENOTFOUND: (_, hostname) => `host not found: ${hostname}`,
  EAI_AGAIN: (_, hostname) => `DNS lookup of ${hostname} failed (temporary)`,
  EAI_FAIL: (_, hostname) => `DNS lookup of ${hostname} failed`,
};

/** Runs of characters an IP address (with a port, bracketed) can be written with. */
const ADDRESS_LIKE = /\[?[0-9a-f:.]{2,}\]?(?::\d{1,5})?/gi;
/** The token as an IP address (without brackets and port), or null. */
function asAddress(token: string): string | null {
  for (const t of [token, token.replace(/:\d{1,5}$/, '')]) {
    const bare = t.replace(/^\[|\]$/g, '');
    if (isIP(bare)) return bare;
  }
  return null;
}

/**
 * The delivery log's text for an endpoint the address guard refused (an IP literal in the URL, or a
 * name that resolves only to forbidden addresses): it names the URL's host, never what it resolved to.
 */
export function addressNotAllowed(hostname: string, literal: boolean): string {
  return literal
    ? `address not allowed: ${hostname} is loopback, private, link-local or reserved (WEBHOOK_ALLOW_PRIVATE=1 allows it)`
    : `address not allowed: ${hostname} resolves only to loopback, private, link-local or reserved addresses (WEBHOOK_ALLOW_PRIVATE=1 allows them)`;
}

/** The delivery log's text for a request that failed with `err`, at most 500 characters. */
export function describeRequestError(err: unknown, url: URL): string {
  const e = err as { code?: unknown; message?: unknown } | null;
  const host = url.host;
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (err instanceof ForbiddenAddressError) return addressNotAllowed(hostname, false);
  const known = typeof e?.code === 'string' ? BY_CODE[e.code] : undefined;
  if (known) return known(host, hostname);
  const text = String(e?.message ?? err);
  return text.replace(ADDRESS_LIKE, (m) => (asAddress(m) ? host : m)).slice(0, 500);
}
