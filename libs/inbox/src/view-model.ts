/** Pure helpers of <herald-inbox> (no DOM): badge text, payload conventions, relative times. */

/** The badge: nothing at 0, the count up to 99, then "99+". */
export const badgeText = (count: number): string => (count <= 0 ? '' : count > 99 ? '99+' : String(count));

export interface ItemContent {
  title: string;
  body: string | null;
  url: string | null;
  avatar: string | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
/** Only http(s) and same-site relative URLs are followed or shown (never javascript:). */
const safeUrl = (v: unknown): string | null => {
  const s = text(v);
  if (!s) return null;
  return /^(https?:\/\/|\/(?!\/))/i.test(s) ? s : null;
};

/** A payload read by convention: `title`, `body`, `url`, `avatar`; a target names untitled ones. */
export function contentOf(n: { payload: unknown; target?: { channel: string; topic: string; event: string } | null }): ItemContent {
  const p = (n.payload && typeof n.payload === 'object' ? n.payload : {}) as Record<string, unknown>;
  const fallback = n.target ? `${n.target.channel} · ${n.target.event}` : 'Notification';
  return { title: text(p.title) ?? fallback, body: text(p.body), url: safeUrl(p.url), avatar: safeUrl(p.avatar) };
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "just now", "5 minutes ago", "yesterday", … in the page's language. */
export function relativeTime(iso: string, now = Date.now(), locale?: string): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (Number.isNaN(seconds)) return '';
  if (Math.abs(seconds) < 45) return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second');
  const fmt = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) if (Math.abs(seconds) >= size) return fmt.format(Math.round(seconds / size), unit);
  return fmt.format(Math.round(seconds / 60), 'minute');
}

export interface ItemAction {
  id: string;
  label: string;
  url: string | null;
  style: 'primary' | 'secondary';
}

/** The payload's `actions` (at most 3, each with an id and a label; an unsafe url is dropped). */
export function actionsOf(n: { payload: unknown }): ItemAction[] {
  const p = (n.payload && typeof n.payload === 'object' ? n.payload : {}) as Record<string, unknown>;
  if (!Array.isArray(p.actions)) return [];
  return (p.actions as unknown[])
    .map((a) => (a && typeof a === 'object' ? (a as Record<string, unknown>) : {}))
    .filter((a) => text(a.id) && text(a.label))
    .slice(0, 3)
    .map((a) => ({ id: String(a.id), label: String(a.label), url: safeUrl(a.url), style: a.style === 'primary' ? 'primary' : 'secondary' }));
}
