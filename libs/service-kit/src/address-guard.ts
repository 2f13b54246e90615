import dns from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * The address guard of every URL a project (or a browser) gives Herald to call: webhook endpoints
 * and web push endpoints. Addresses that may not be reached unless private targets are allowed
 * (WEBHOOK_ALLOW_PRIVATE, PUSH_ALLOW_PRIVATE): loopback, private, carrier-grade NAT, link-local
 * (cloud metadata at 169.254.169.254 and fd00:ec2::254 included), unspecified, multicast and
 * reserved ranges. Checked on the address a connection is actually made to, after DNS resolution
 * (`guardedLookup`), so a name that resolves (or rebinds) to one of them is refused too; a URL's
 * host can also be judged up front (`forbiddenHost`), which catches literals and local names only.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address. */
function embeddedIpv4(address: string): string | null {
  const m = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (m) return m[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const [a, b] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
  return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
}

/** True when `address` (an IP literal) is one webhooks must not reach by default. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4) return blocked.check(v4, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true;
}

/**
 * A connection refused by the guard. Its message reaches API readers (a push or webhook attempt's
 * `error`), so it never names the address: a key holder cannot map internal addresses with it.
 * `address` is kept for the operator's logs.
 */
export class ForbiddenAddressError extends Error {
  constructor(
    readonly address: string,
    allowedBy = 'WEBHOOK_ALLOW_PRIVATE=1',
  ) {
    super(`address not allowed: the host is loopback, private, link-local or reserved (${allowedBy} allows it)`);
    this.name = 'ForbiddenAddressError';
  }
}

/**
 * A DNS lookup that refuses forbidden addresses (an http(s) Agent's `lookup`): the check runs on the
 * addresses the socket will connect to, so DNS rebinding between a check and the connection is impossible.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const allowed = addresses.filter((a) => !isForbiddenAddress(a.address));
    if (allowed.length === 0) return callback(new ForbiddenAddressError(addresses[0]?.address ?? hostname), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, allowed);
    callback(null, allowed[0].address, allowed[0].family);
  });
};

/** Names only a local network or a cluster resolves: Kubernetes services (`.svc`, `.cluster.local`), mDNS, cloud-internal DNS. */
const LOCAL_NAME = /\.(localhost|local|internal|svc)$/;

/**
 * Judges a URL's host without resolving it (input validation): an IP literal in a forbidden range,
 * a single-label name (`localhost`, `mongo`, `delivery-service`: resolved through the local search
 * domains), and names under `.localhost`, `.local` (`.cluster.local` included), `.internal` and
 * `.svc` are refused. Names that resolve to such addresses are caught at connection time by
 * `guardedLookup`. Returns why, or null.
 */
export function forbiddenHost(hostname: string): string | null {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase().replace(/\.$/, '');
  if (isIP(host)) return isForbiddenAddress(host) ? `${host} is a loopback, private, link-local or reserved address` : null;
  if (!host.includes('.') || LOCAL_NAME.test(host)) return `${host} is a local name`;
  return null;
}
