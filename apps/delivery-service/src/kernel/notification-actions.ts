import { violation, type Violation } from '@herald/service-kit';

/** A button of an in-app notification (`payload.actions`): a link when it has a url, else recorded by the action endpoint. */
export interface NotificationAction {
  id: string;
  label: string;
  url?: string;
  style?: 'primary' | 'secondary';
}

/** The most actions one notification carries. */
export const ACTIONS_MAX = 3;
/** The longest action id and label, in characters. */
export const ACTION_TEXT_MAX = 64;

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && [...v].length <= ACTION_TEXT_MAX;

function isWebUrl(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  try {
    const url = new URL(v);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function actionViolations(action: unknown, i: number, seen: Set<string>): Violation[] {
  const at = `payload.actions[${i}]`;
  if (typeof action !== 'object' || action === null || Array.isArray(action)) return [violation(at, `${at} must be an object`, action)];
  const { id, label, url, style } = action as Record<string, unknown>;
  const out: Violation[] = [];
  if (!isText(id)) out.push(violation(`${at}.id`, `${at}.id must be 1 to ${ACTION_TEXT_MAX} characters`, id));
  else if (seen.has(id)) out.push(violation(`${at}.id`, `${at}.id repeats another action's id`, id));
  else seen.add(id);
  if (!isText(label)) out.push(violation(`${at}.label`, `${at}.label must be 1 to ${ACTION_TEXT_MAX} characters`, label));
  if (url !== undefined && !isWebUrl(url)) out.push(violation(`${at}.url`, `${at}.url must be an http or https URL`, url));
  if (style !== undefined && style !== 'primary' && style !== 'secondary') out.push(violation(`${at}.style`, `${at}.style must be primary or secondary`, style));
  return out;
}

/** The rules of `payload.actions` (absent: none): at most 3, each with an id unique among them, a label, an optional http(s) url and style. */
export function payloadActionViolations(payload: Record<string, unknown>): Violation[] {
  const actions = payload.actions;
  if (actions === undefined) return [];
  if (!Array.isArray(actions) || actions.length > ACTIONS_MAX) return [violation('payload.actions', `payload.actions must be a list of at most ${ACTIONS_MAX} actions`, Array.isArray(actions) ? actions.length : actions)];
  const seen = new Set<string>();
  return actions.flatMap((a, i) => actionViolations(a, i, seen));
}

/** The action of a stored payload with this id; undefined when the payload has none such. */
export function findAction(payloadJson: string | null, id: string): NotificationAction | undefined {
  if (payloadJson === null) return undefined;
  const actions = (JSON.parse(payloadJson) as { actions?: NotificationAction[] }).actions;
  return Array.isArray(actions) ? actions.find((a) => a.id === id) : undefined;
}
