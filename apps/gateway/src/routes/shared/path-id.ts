import { notFound } from '@herald/service-kit';

/** The largest id a path may name: every store and RPC holds it exactly (ids come from counters, far below). */
export const MAX_PATH_ID = Number.MAX_SAFE_INTEGER;

/**
 * A numeric path id (contact, catalog entry, notification, broadcast, project, key): a positive
 * integer in canonical form (no sign, no leading zero) up to `MAX_PATH_ID`; null otherwise. An id
 * outside that range names nothing, so callers answer it like an unknown id (404), never 400/500.
 */
export function parsePathId(raw: string): number | null {
  if (!/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_PATH_ID ? id : null;
}

/** `parsePathId`, or the resource's 404. */
export function pathIdOr404(raw: string, code: string, message: string): number {
  const id = parsePathId(raw);
  if (id === null) throw notFound(code, message);
  return id;
}
