import { conflict, notFound } from '@herald/service-kit';
import { emailNotRequested, emailSkipped, type AcceptedSend, type Broadcast, type Notification } from '../kernel/notification';
import { toBroadcast } from '../kernel/store/broadcast-repository';
import { toNotification, type NotificationDoc } from '../kernel/store/notification-repository';
import { timerId, type TimerDoc } from '../kernel/store/timer-repository';
import { acceptedSendFields } from './accepted-send-fields';
import { findSent, notificationNotFound, type GetNotificationDeps } from './get-notification';
import { broadcastCanceledEvent, statusEvents } from '../kernel/outcome-events';
import type { OutcomeEvents } from '../kernel/outcome-events';
import type { BroadcastRepository } from '../kernel/store/broadcast-repository';
import type { NotificationRepository } from '../kernel/store/notification-repository';
import type { TimerRepository } from '../kernel/store/timer-repository';

export const notCancelable = () => conflict('not_cancelable', 'This send has started and can no longer be canceled');
const broadcastNotFound = () => notFound('broadcast_not_found', 'Broadcast not found');

/** The ports this use case works with. */
export interface CancelSendsDeps extends GetNotificationDeps {
  broadcasts: BroadcastRepository;
  events: OutcomeEvents;
  notifications: NotificationRepository;
  now: () => Date;
  timers: TimerRepository;
}

/** The notification of a scheduled send canceled before it fired: nothing delivered, mailed, texted, pushed or counted. */
function canceledDoc(s: AcceptedSend, at: Date): NotificationDoc {
  return {
    ...acceptedSendFields(s),
    status: 'canceled',
    email: s.email ? emailSkipped('canceled') : emailNotRequested(),
    // SMS, web push, chat and mobile push: only when asked for, like any notification's.
    ...(s.sms ? { sms: emailSkipped('canceled') } : {}),
    ...(s.push ? { push: emailSkipped('canceled') } : {}),
    ...(s.chat ? { chat: emailSkipped('canceled') } : {}),
    ...(s.mobilePush ? { mobile_push: emailSkipped('canceled') } : {}),
    email_content: null,
    decision: {},
    send_at: s.sendAt ?? null,
    updated_at: at,
  };
}

/**
 * What follows a cancel that won its timer's fate, for the cancel call and for a firing
 * pass that finds the fate `canceled` (the call died before finishing): each step is idempotent.
 * A direct send: its notification is written `canceled` (an insert; a repeat finds it), the
 * `notification.canceled` event emitted, the timer removed. A broadcast: `canceled`, its slot
 * freed, `broadcast.canceled` emitted, the timer removed.
 */
export function createFinishCanceled(deps: CancelSendsDeps) {
  return {
    async send(send: AcceptedSend, at: Date): Promise<NotificationDoc> {
      const doc = canceledDoc(send, at);
      const inserted = await deps.notifications.insertDecided([doc]);
      const stored = inserted.has(doc._id) ? doc : ((await deps.notifications.findByIds([doc._id]))[0] ?? doc);
      await deps.events.emit(statusEvents(stored));
      await deps.timers.remove([timerId('send', send.id)]);
      return stored;
    },
    async broadcast(id: number, at: Date): Promise<Broadcast | null> {
      const b = await deps.broadcasts.markCanceled(id, at);
      await deps.broadcasts.releaseSlot(id);
      if (b?.status === 'canceled') await deps.events.emit([broadcastCanceledEvent(toBroadcast(b), b.updated_at)]);
      await deps.timers.remove([timerId('broadcast', id)]);
      return b && toBroadcast(b);
    },
    /** The cancel of whatever a timer stands for (a firing pass's cleanup). */
    async timer(t: TimerDoc, at: Date): Promise<void> {
      if (t.kind === 'send' && t.send) await this.send(t.send, at);
      else if (t.kind === 'broadcast') await this.broadcast(t.ref, at);
      else await deps.timers.remove([t._id]);
    },
  };
}

/**
 * `POST /notifications/{id}/cancel` and `POST /broadcasts/{id}/cancel`: a still-scheduled
 * send becomes `canceled`. The decision is one conditional write: inserting the timer's fate
 * `canceled` (kernel/store/timer-repository.ts); a firing inserts `fired` under the same id, so of the two
 * exactly one wins. A cancel that loses, or finds the send started, is refused `not_cancelable`; a
 * repeat of a cancel that won answers the canceled send again.
 */
export function createCancelSends(deps: CancelSendsDeps) {
  const finish = createFinishCanceled(deps);

  const decideCancel = async (id: string): Promise<Date> => {
    const now = deps.now();
    const { won, before } = await deps.timers.decide([id], 'canceled', now);
    if (won.has(id)) return now;
    const fate = before.get(id);
    if (fate?.fate !== 'canceled') throw notCancelable();
    return fate.at;
  };

  return {
    async cancelNotification(projectId: number, id: number): Promise<Notification> {
      const timer = await deps.timers.find(timerId('send', id));
      if (!timer?.send || timer.project_id !== projectId) {
        const sent = await findSent(deps, projectId, id);
        if (!sent) throw notificationNotFound();
        if ('doc' in sent && sent.doc.status === 'canceled') return toNotification(sent.doc);
        if ('scheduled' in sent && sent.canceled) return toNotification(await finish.send(sent.accepted, deps.now()));
        throw notCancelable();
      }
      const at = await decideCancel(timer._id);
      return toNotification(await finish.send(timer.send, at));
    },

    async cancelBroadcast(projectId: number, id: number): Promise<Broadcast> {
      const b = await deps.broadcasts.findById(projectId, id);
      if (!b) throw broadcastNotFound();
      if (b.status === 'canceled') return toBroadcast(b);
      if (b.status !== 'scheduled') throw notCancelable();
      const at = await decideCancel(timerId('broadcast', id));
      return (await finish.broadcast(id, at)) ?? toBroadcast(b);
    },
  };
}
