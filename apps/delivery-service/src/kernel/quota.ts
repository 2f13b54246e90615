/** Quota counts deliveries per project and UTC calendar month. */
export function quotaPeriod(at: Date): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** How many of `wanted` units fit under `limit` when `used` are spent (null limit: all of them). */
export function grantable(wanted: number, used: number, limit: number | null): number {
  if (limit === null) return wanted;
  return Math.max(0, Math.min(wanted, limit - used));
}
