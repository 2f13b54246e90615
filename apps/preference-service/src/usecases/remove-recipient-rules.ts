import type { PreferenceDeps } from './deps';

/** Erasure of a recipient: drops their rules written at or before the deletion; later ones belong to a new recipient with the same id. */
export function createRemoveRecipientRules(deps: Pick<PreferenceDeps, 'rules'>) {
  return async function removeRecipientRules(input: { projectId: number; recipientId: string; deletedAt: Date }): Promise<number> {
    return deps.rules.removeWrittenAtOrBefore(input.projectId, input.recipientId, input.deletedAt);
  };
}
