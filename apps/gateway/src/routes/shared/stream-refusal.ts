import { GatewayError, GatewayUnavailableError } from '../../plugins/app/errors/http-error';
import type { Refusal } from '../../plugins/app/live-streams/stream-registry';

const HOLDER = { recipient: 'recipient', activity: 'project\'s activity', project: 'project' } as const;

/** A live stream refused by a limit: 429 `too_many_streams` for a recipient's, an activity's or a project's; 503 when the replica is full. */
export function streamRefusal(limit: Refusal, settings: { maxPerRecipient: number; maxActivityPerProject: number; maxPerProject: number }): Error {
  if (limit === 'recipient' || limit === 'activity' || limit === 'project') {
    const max = { recipient: settings.maxPerRecipient, activity: settings.maxActivityPerProject, project: settings.maxPerProject }[limit];
    return new GatewayError('exhausted', 'too_many_streams', `Too many open streams for this ${HOLDER[limit]} (at most ${max} per gateway replica); close one or retry later`, { 'Retry-After': '5' });
  }
  return new GatewayUnavailableError('unavailable', 'This gateway replica holds as many live streams as it can; retry shortly', { 'Retry-After': '5' });
}
