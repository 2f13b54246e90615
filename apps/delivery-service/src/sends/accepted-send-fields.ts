import { expiresAt, type AcceptedSend } from '../kernel/notification';
import { targetKeys, type ActivityKeys } from '../kernel/store/activity-keys';
import type { NotificationDoc } from '../kernel/store/notification-repository';

/** What a direct send's notification document holds from its acceptance alone, whatever became of it. */
export function acceptedSendFields(
  s: AcceptedSend,
): Pick<NotificationDoc, '_id' | 'project_id' | 'recipient_id' | 'recipient_seq' | 'broadcast_id' | 'target' | 'payload_json' | 'read' | 'opened' | 'expires_at' | 'created_at'> & ActivityKeys {
  return {
    _id: s.id,
    project_id: s.projectId,
    recipient_id: s.recipientId,
    ...(s.recipientSeq > 0 ? { recipient_seq: s.recipientSeq } : {}),
    broadcast_id: null,
    target: s.target,
    ...targetKeys(s.target),
    payload_json: s.payloadJson,
    read: false,
    opened: false,
    expires_at: expiresAt(s.settings, s.createdAt),
    created_at: s.createdAt,
  };
}
