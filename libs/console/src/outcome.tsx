import type { Json } from './api';

/** The outbound mediums of a notification view, with their field. */
export const OUTBOUND = [
  { field: 'email', medium: 'email', name: 'Email' },
  { field: 'sms', medium: 'sms', name: 'SMS' },
  { field: 'push', medium: 'web_push', name: 'Web push' },
] as const;

/** "email sent, sms skipped" for the mediums a notification asked for. */
export function outcomesText(n: Json): string {
  const parts = OUTBOUND.filter((o) => n[o.field] && n[o.field].status !== 'not_requested').map((o) => `${o.name} ${n[o.field].status}${n[o.field].reason ? ` (${n[o.field].reason})` : ''}`);
  return parts.join(', ') || '—';
}

export const targetText = (t: Json) => (t ? `${t.channel}/${t.topic}/${t.event}` : '—');
export const timeText = (t: string | null | undefined) => (t ? new Date(t).toLocaleString('en-GB', { timeZone: 'UTC', hour12: false }) + ' UTC' : '—');
