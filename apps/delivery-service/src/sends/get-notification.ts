import { DomainError, notFound } from '@herald/service-kit';
import { acceptedView, emailNotRequested, emailSkipped, type AcceptedSend, type Notification } from '../kernel/notification';
import { toNotification, type NotificationDoc } from '../kernel/store/notification-repository';
import { timerId } from '../kernel/store/timer-repository';
import type { AcceptedSends, RecipientPresence } from '../kernel/ports';
import type { NotificationRepository } from '../kernel/store/notification-repository';
import type { OutcomeRecordDoc } from '../kernel/store/outcome-records';
import type { TimerRepository } from '../kernel/store/timer-repository';

/** The ports this use case works with. */
export interface GetNotificationDeps {
  accepted: AcceptedSends;
  notifications: NotificationRepository;
  presence: RecipientPresence;
  timers: TimerRepository;
}

/** A written notification as read: the document, and every outcome record of it when they were asked for. */
type Written = { doc: NotificationDoc; records?: OutcomeRecordDoc[] };

/** Where a send is: written, held by the stream, or scheduled (its timer has not fired; `canceled` when a cancel won). */
export type Sent = Written | { accepted: AcceptedSend } | { accepted: AcceptedSend; scheduled: true; canceled: boolean };

/** How a written notification is read: the document alone, or with its outcome records. */
type ReadWritten = (projectId: number, id: number) => Promise<Written | null>;

const documentAlone =
  (deps: GetNotificationDeps): ReadWritten =>
  async (projectId, id) => {
    const doc = await deps.notifications.findById(projectId, id);
    return doc && { doc };
  };

/** The notification a send shows wherever it is (accepted: as accepted; scheduled: `scheduled` or `canceled`). */
export function sentView(sent: Sent): Notification {
  if ('doc' in sent) return toNotification(sent.doc);
  if (!('scheduled' in sent)) return acceptedView(sent.accepted);
  const n = acceptedView(sent.accepted, true);
  return sent.canceled ? { ...n, status: 'canceled', email: sent.accepted.email ? emailSkipped('canceled') : emailNotRequested() } : n;
}

export const notificationNotFound = () => notFound('notification_not_found', 'Notification not found');

/**
 * A notification of the project as written, or its accepted send while JetStream still holds it
 * (a notification is written once, by the worker, after its send was answered). The
 * store is read again after a miss in the stream: the worker writes before it acknowledges, so a
 * send that left the stream meanwhile is in the store then. `read` reads a written one (the
 * document alone unless told). Null: no such notification.
 */
export async function findSent(deps: GetNotificationDeps, projectId: number, id: number, read: ReadWritten = documentAlone(deps)): Promise<Sent | null> {
  const stored = await read(projectId, id);
  if (stored) return stored;
  const accepted = await deps.accepted.find(id);
  if (accepted) return accepted.projectId === projectId ? { accepted } : null;
  // A scheduled send is its timer until it fires; a fired one is on its way (stream, then store).
  const timer = await deps.timers.find(timerId('send', id));
  if (timer?.send) {
    if (timer.project_id !== projectId) return null;
    const fate = await deps.timers.fateOf(timer._id);
    if (!fate || fate.fate === 'canceled') return { accepted: timer.send, scheduled: true, canceled: fate?.fate === 'canceled' };
    return { accepted: timer.send };
  }
  // No timer: the send was never scheduled, or fired and handed on (in the stream or the store by now).
  const written = await read(projectId, id);
  if (written) return written;
  const held = await deps.accepted.find(id);
  if (held) return held.projectId === projectId ? { accepted: held } : null;
  return read(projectId, id);
}

/**
 * One notification of the project, whatever its status (the outcome of a send is read here); a
 * send accepted but not written yet answers as accepted (`enqueued`), never 404. A
 * notification of an erased recipient (or of an earlier incarnation of its id) answers 404 as soon
 * as the erasure is known here, before its notifications are removed.
 */
export function createGetNotification(deps: GetNotificationDeps) {
  return async (projectId: number, id: number): Promise<Notification> => (await findVisible(deps, projectId, id, documentAlone(deps))).notification;
}

/**
 * A notification as `createGetNotification` shows it, with every outcome record of it (none for a
 * send not written yet): the records are read once, for its outcomes and for its timeline's attempts.
 */
export function createGetNotificationWithRecords(deps: GetNotificationDeps) {
  const read: ReadWritten = (projectId, id) => deps.notifications.findWithRecords(projectId, id);
  return async (projectId: number, id: number): Promise<{ notification: Notification; records: OutcomeRecordDoc[] }> => {
    const { sent, notification } = await findVisible(deps, projectId, id, read);
    return { notification, records: 'doc' in sent ? (sent.records ?? []) : [] };
  };
}

/** The send and its view, when the project may see it (not found, or of an erased incarnation: 404). */
async function findVisible(deps: GetNotificationDeps, projectId: number, id: number, read: ReadWritten): Promise<{ sent: Sent; notification: Notification }> {
  const sent = await findSent(deps, projectId, id, read);
  if (!sent) throw notificationNotFound();
  const notification = sentView(sent);
  const seq = 'doc' in sent ? sent.doc.recipient_seq : sent.accepted.recipientSeq;
  if (seq && (await currentIncarnation(deps, projectId, notification.recipientId)) !== seq) throw notificationNotFound();
  return { sent, notification };
}

/** The recipient's current incarnation (cached presence), null when it is erased or unknown. */
async function currentIncarnation(deps: GetNotificationDeps, projectId: number, recipientId: string): Promise<number | null> {
  try {
    return await deps.presence.require(BigInt(projectId), recipientId);
  } catch (err) {
    if (err instanceof DomainError && err.code === 'recipient_not_found') return null;
    throw err;
  }
}
