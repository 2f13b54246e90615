/**
 * Whether a URL's host is one of `allowed` (an allow-list of provider hosts: push services, chat
 * webhooks): an exact name, `*.<domain>` (any subdomain of it), or `*` (any host).
 */
export function hostAllowed(host: string, allowed: string[]): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return allowed.some((rule) => {
    const r = rule.trim().toLowerCase();
    if (r === '*') return true;
    if (r.startsWith('*.')) return name.endsWith(r.slice(1)) && name.length > r.length - 1;
    return name === r;
  });
}

/** A comma-separated list of hosts (a `*_ALLOWED_HOSTS` setting) as its entries. */
export const hostList = (setting: string): string[] => setting.split(',').map((h) => h.trim()).filter(Boolean);
