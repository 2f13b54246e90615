import type { ChatContent, EmailContent, MobilePushContent, PushContent, SmsContent } from '../kernel/notification';
import type { MobilePushAdmission, MobilePushSender, OutgoingMobilePush } from './mobile/mobile-push-sender';
import { chatProviderOf } from './chat/chat-provider-of';
import { DeliveryFailure, type Accepted, type OutboundMedium } from '../kernel/outbound';
import type { OutgoingEmail } from './email/mailer';
import { outcomeOf, type NotificationDoc } from '../kernel/store/notification-repository';
import { reportedEvents, type ApplySmsStatusDeps } from './apply-sms-status';
import type { OutcomeEvent } from '../kernel/outcome-events';
import type { BroadcastRepository } from '../kernel/store/broadcast-repository';
import type { SmsCallbackLinks } from './callback-token';
import type { OutboundSenders } from './outbound-senders';
import type { UnsubscribeLinks } from './unsubscribe-token';

/**
 * What differs between the outbound mediums when a message is sent: where its content is (a direct
 * send keeps its block on the notification; a broadcast's is read once per broadcast) and how one
 * notification becomes one message for that medium's sender. Everything else (quota, retries,
 * outcomes, events) is shared by `send-outbound`.
 */
export interface Channel {
  /** The content of each notification that has one (read once per batch). */
  contents(docs: NotificationDoc[]): Promise<Map<number, unknown>>;
  send(doc: NotificationDoc, content: unknown): Promise<Accepted>;
  /** After the outcomes are written: what else follows from the messages now `sent` (events of further changes). */
  afterSent?(sent: NotificationDoc[]): Promise<OutcomeEvent[]>;
  /**
   * Before the batch claims its messages: which of them the sender turns away (too busy: nothing
   * held for them, nothing to claim), and the rest sent through what it took for them. Absent: every
   * message is let through and `send` sends it.
   */
  admit?(docs: NotificationDoc[]): Promise<Admission>;
}

/** A batch's messages let through by their sender, and what it holds for them until they are sent. */
export interface Admission {
  /** The messages turned away (nothing held for them): in how many milliseconds each comes back. */
  turnedAway: Map<number, number>;
  /** Sends one message let through, giving back what was held for it as it ends. */
  send(doc: NotificationDoc, content: unknown): Promise<Accepted>;
  /** Gives back what is still held for these messages (every one when absent): they are not sent. */
  release(ids?: number[]): void;
}

/** The channel's messages admitted: through its `admit`, or all of them let through. */
export async function admitted(channel: Channel, docs: NotificationDoc[]): Promise<Admission> {
  if (channel.admit) return channel.admit(docs);
  return { turnedAway: new Map(), send: (d, content) => channel.send(d, content), release: () => undefined };
}

/** The ports this use case works with. */
export interface OutboundChannelsDeps extends ApplySmsStatusDeps {
  broadcasts: BroadcastRepository;
  now: () => Date;
  senders: OutboundSenders;
  /** Absent: a mobile push fails `provider_error` at once. */
  mobilePush?: MobilePushSender;
  smsCallbacks?: SmsCallbackLinks;
  unsubscribe?: UnsubscribeLinks;
}

export function channelOf(deps: OutboundChannelsDeps, medium: OutboundMedium): Channel {
  switch (medium) {
    case 'email':
      return {
        async contents(docs) {
          const shared = await deps.broadcasts.emailContentsOf(docs.filter((d) => !d.email_content && d.broadcast_id !== null).map((d) => d.broadcast_id!));
          return present(docs, (d) => d.email_content ?? (d.broadcast_id !== null ? shared.get(d.broadcast_id) : undefined));
        },
        send: (d, content) => deps.senders.email(mailOf(deps, d, content as EmailContent)),
      };
    case 'sms':
      return {
        contents: async (docs) => present(docs, (d) => d.sms_content ?? undefined),
        send: (d, content) => deps.senders.sms({ to: d.sms!.address!, text: (content as SmsContent).text, statusCallbackUrl: statusCallbackOf(deps, d) }),
        // Status callbacks that came back before `sent` was written (record-sms-status records them).
        afterSent: async (sent) => (deps.smsCallbacks ? reportedEvents(deps, sent) : []),
      };
    case 'web_push':
      return {
        async contents(docs) {
          const shared = await deps.broadcasts.pushContentsOf(docs.filter((d) => !d.push_content && d.broadcast_id !== null).map((d) => d.broadcast_id!));
          return present(docs, (d) => d.push_content ?? (d.broadcast_id !== null ? shared.get(d.broadcast_id) : undefined));
        },
        send: (d, content) => {
          const push = content as PushContent;
          // What the service worker shows (the gateway serves one: GET /push/herald-sw.js), and which notification it is.
          const payload = JSON.stringify({ ...push, notification_id: d._id, recipient_id: d.recipient_id });
          return deps.senders.web_push({ subscription: outcomeOf(d, 'web_push').address!, payload, tag: push.tag, projectId: d.project_id });
        },
      };
    case 'chat':
      return {
        contents: async (docs) => present(docs, (d) => d.chat_content ?? undefined),
        send: (d, content) => {
          const address = outcomeOf(d, 'chat').address!;
          return deps.senders.chat({ provider: chatProviderOf(address), address, content: content as ChatContent, projectId: d.project_id });
        },
      };
    case 'mobile_push':
      return mobilePushChannel(deps);
  }
}

/**
 * Mobile push: each job admitted before its claim (its devices read and its places in line at its
 * providers kept, mobile-push-sender), so a job whose provider is busy is turned away without a
 * claim. A job whose admission failed (its devices unreadable) is let through and fails as it is
 * sent, as any send that throws.
 */
function mobilePushChannel(deps: OutboundChannelsDeps): Channel {
  const pushOf = (d: NotificationDoc, content: MobilePushContent): OutgoingMobilePush => {
    const deviceIds = (outcomeOf(d, 'mobile_push').address ?? '').split(',').filter(Boolean).map(Number);
    return { notification: d, notificationId: d._id, projectId: d.project_id, recipientId: d.recipient_id, deviceIds, content };
  };
  const send = async (d: NotificationDoc, content: unknown): Promise<Accepted> => {
    if (!deps.mobilePush) throw new DeliveryFailure('rejected', 'mobile push is not set up in this delivery service');
    return deps.mobilePush(pushOf(d, content as MobilePushContent));
  };
  return {
    contents: async (docs) => present(docs, (d) => d.mobile_push_content ?? undefined),
    send,
    async admit(docs) {
      const sender = deps.mobilePush;
      const asked = sender ? docs.filter((d) => d.mobile_push_content) : [];
      const answers = await Promise.allSettled(asked.map((d) => sender!.admit(pushOf(d, d.mobile_push_content!))));
      const turnedAway = new Map<number, number>();
      const held = new Map<number, Extract<MobilePushAdmission, { taken: true }>>();
      const failed = new Map<number, unknown>();
      asked.forEach((d, i) => {
        const a = answers[i];
        if (a.status === 'rejected') failed.set(d._id, a.reason);
        else if (a.value.taken) held.set(d._id, a.value);
        else turnedAway.set(d._id, a.value.retryAfterMs);
      });
      return {
        turnedAway,
        async send(d, content) {
          if (failed.has(d._id)) throw failed.get(d._id);
          return held.get(d._id)?.send({ notification: d, content: content as MobilePushContent }) ?? send(d, content);
        },
        release: (ids = [...held.keys()]) => ids.forEach((id) => held.get(id)?.release()),
      };
    },
  };
}

function present<C>(docs: NotificationDoc[], contentOf: (d: NotificationDoc) => C | null | undefined): Map<number, C> {
  const out = new Map<number, C>();
  for (const d of docs) {
    const c = contentOf(d);
    if (c) out.set(d._id, c);
  }
  return out;
}

/** The SMS's status callback URL (a capability for this notification only), when callbacks are configured. */
function statusCallbackOf(deps: OutboundChannelsDeps, d: NotificationDoc): string | undefined {
  const cb = deps.smsCallbacks;
  return cb ? `${cb.baseUrl}/callbacks/sms/${cb.tokens.sign({ projectId: d.project_id, notificationId: d._id })}` : undefined;
}

/** The mail of one notification: the project's sender, Herald's headers, the unsubscribe link when its entry allows one. */
function mailOf(deps: OutboundChannelsDeps, d: NotificationDoc, content: EmailContent): OutgoingEmail {
  const u = deps.unsubscribe;
  const unsubscribeUrl =
    u && d.email.unsubscribable && d.target
      ? `${u.baseUrl}/unsubscribe/${u.tokens.sign({ projectId: d.project_id, recipientId: d.recipient_id, target: d.target }, u.ttlSeconds)}`
      : undefined;
  return {
    to: d.email.address!,
    subject: content.subject,
    html: content.html,
    text: content.text,
    notificationId: d._id,
    from: d.settings?.emailFrom,
    fromName: content.from_name?.trim(),
    replyTo: d.settings?.emailReplyTo,
    unsubscribeUrl,
  };
}
