import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { trustProxyOption } from '../app';

/**
 * The client address the gateway sees (`request.ip`, the key of the failed-auth limit) for a
 * request from `peer` carrying `X-Forwarded-For: forwardedFor`, with `TRUST_PROXY` = `trustProxy`.
 * Follows fastify 5's rule for a string `trustProxy` (lib/request.js: comma-separated values
 * compiled by @fastify/proxy-addr; the client is the last address not trusted).
 */
export function clientAddressSeen(trustProxy: string | undefined, peer: string, forwardedFor?: string): string {
  const option = trustProxyOption(trustProxy);
  const trust = option === false ? () => false : proxyAddr.compile(option.split(',').map((v) => v.trim()));
  const req = { socket: { remoteAddress: peer }, connection: { remoteAddress: peer }, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} };
  const addresses = proxyAddr.all(req as unknown as IncomingMessage, trust);
  return addresses[addresses.length - 1];
}
