import { PREFERENCE_MEDIUMS } from '@herald/contracts';

/** A notification category; `topic: any` matches every topic of the channel/event, `none` is the base. */
export interface Target {
  channel: string;
  topic: string;
  event: string;
}

export type Medium = (typeof PREFERENCE_MEDIUMS)[number];

export const ANY_TOPIC = 'any';
export const NONE_TOPIC = 'none';
export const DEFAULT_MEDIUM: Medium = 'in_app';

/** Whether `topic: any` rules may decide for this topic: never for `none`, and `any` is its own exact rule. */
export const takesAnyRule = (topic: string): boolean => topic !== NONE_TOPIC && topic !== ANY_TOPIC;

export const isMedium = (value: string): value is Medium => (PREFERENCE_MEDIUMS as readonly string[]).includes(value);

/** in_app before email, the order lists use. */
export const mediumRank = (medium: Medium): number => PREFERENCE_MEDIUMS.indexOf(medium);

// Escapes the separator and the characters a MongoDB field name may not hold ('.', a leading '$'),
// so that a key is unambiguous and usable as a field name.
const escapePart = (s: string): string =>
  s.replace(/[%|.$\u0000-\u001f]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`);

/** The natural key of a (target, medium): identifies a catalog entry or a recipient rule. */
export const keyOf = (target: Target, medium: Medium): string =>
  [medium, target.channel, target.event, target.topic].map(escapePart).join('|');

/** The (target, medium) a key was made from; null for a string `keyOf` cannot have produced. */
export function parseKey(key: string): { target: Target; medium: Medium } | null {
  const parts = key.split('|').map((p) => p.replace(/%([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))));
  if (parts.length !== 4 || !isMedium(parts[0])) return null;
  const [medium, channel, event, topic] = parts;
  return { target: { channel, topic, event }, medium };
}

/** The key of the `topic: any` rule of the same channel/event/medium. */
export const anyKeyOf = (target: Target, medium: Medium): string => keyOf({ ...target, topic: ANY_TOPIC }, medium);
