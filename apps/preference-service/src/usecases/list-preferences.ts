import { PREFERENCE_MEDIUMS } from '@herald/contracts';
import { resolveTarget, type Resolved } from '../domain/resolve';
import { keyOf, mediumRank, type Medium, type Target } from '../domain/targets';
import type { PreferenceDeps } from './deps';

export interface PreferenceItem {
  target: Target;
  medium: Medium;
  /** The catalog label when this exact (target, medium) is cataloged. */
  name: string | null;
  state: Resolved;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The mediums every listed target shows (the contract's); the others only where they are used. */
const ALWAYS: readonly Medium[] = ['in_app', 'email'];

/**
 * Every target of the project catalog plus every target the recipient has a rule for, each in
 * `in_app` and `email`, and in `sms` and `web_push` where the project catalogs that medium for the
 * target (an exact or `topic: any` entry) or the recipient has a rule of it (a project that does
 * not send SMS shows no SMS toggles); resolved; ordered by channel, event, topic, then medium
 * (in_app, email, sms, web_push).
 */
export function createListPreferences(deps: Pick<PreferenceDeps, 'rules' | 'catalogCache'>) {
  return async function listPreferences(input: { projectId: number; recipientId: string }): Promise<PreferenceItem[]> {
    const [catalog, rules] = await Promise.all([
      deps.catalogCache.get(input.projectId),
      deps.rules.findForRecipient(input.projectId, input.recipientId),
    ]);
    const targets = new Map<string, Target>();
    for (const t of [...catalog.entries.map((e) => e.target), ...[...rules.values()].map((r) => r.target)]) {
      targets.set(keyOf(t, 'in_app'), t);
    }
    const items: PreferenceItem[] = [];
    for (const target of targets.values()) {
      for (const medium of PREFERENCE_MEDIUMS) {
        const state = resolveTarget(catalog, rules, target, medium);
        if (!ALWAYS.includes(medium) && !state.covered && state.inherited) continue;
        items.push({ target, medium, name: catalog.byKey.get(keyOf(target, medium))?.name ?? null, state });
      }
    }
    return items.sort(
      (a, b) =>
        cmp(a.target.channel, b.target.channel) ||
        cmp(a.target.event, b.target.event) ||
        cmp(a.target.topic, b.target.topic) ||
        mediumRank(a.medium) - mediumRank(b.medium),
    );
  };
}
