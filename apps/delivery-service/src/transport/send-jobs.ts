import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { DELIVERY_STREAM, deliverySendSubject, SendJobSchema, SendRequestSchema, type SendJob } from '@herald/contracts';
import type { NatsConnection } from '@herald/service-kit';
import type { AcceptedSend } from '../kernel/notification';
import { toSendInput } from './mappers';
import type { AcceptedSends } from '../kernel/ports';

/** An accepted send as the SendJob message JetStream carries. */
export function encodeSend(s: AcceptedSend): Uint8Array {
  return toBinary(
    SendJobSchema,
    create(SendJobSchema, {
      notificationId: BigInt(s.id),
      projectId: BigInt(s.projectId),
      recipientId: s.recipientId,
      recipientSeq: BigInt(s.recipientSeq),
      target: s.target ?? undefined,
      payloadJson: s.payloadJson ?? undefined,
      email: s.email
        ? { subject: s.email.subject, html: s.email.html, text: s.email.text, fromName: s.email.from_name, delaySeconds: s.email.delay_seconds, unless: s.email.unless }
        : undefined,
      sms: s.sms ?? undefined,
      push: s.push ?? undefined,
      settings: {
        strictTargets: s.settings.strictTargets,
        maxBroadcastRecipientsForEmail: BigInt(s.settings.maxBroadcastRecipientsForEmail),
        maxBroadcastRecipientsForPush: BigInt(s.settings.maxBroadcastRecipientsForPush ?? 0),
        monthlyQuota: s.settings.monthlyQuota === null ? undefined : BigInt(s.settings.monthlyQuota),
        emailFromAddress: s.settings.emailFrom?.address,
        emailFromName: s.settings.emailFrom?.name ?? undefined,
        emailReplyTo: s.settings.emailReplyTo,
        retentionDays: s.settings.retentionDays ?? undefined,
      },
      createdAt: timestampFromDate(s.createdAt),
      sendAt: s.sendAt ? timestampFromDate(s.sendAt) : undefined,
    }),
  );
}

/** The accepted send a SendJob carries (throws on a message that is not one). */
export function decodeSend(data: Uint8Array): AcceptedSend {
  const j: SendJob = fromBinary(SendJobSchema, data);
  // The job carries a SendRequest's fields: read them with the request's own rules.
  const input = toSendInput(
    create(SendRequestSchema, { projectId: j.projectId, recipientId: j.recipientId, target: j.target, payloadJson: j.payloadJson, email: j.email, sms: j.sms, push: j.push, settings: j.settings }),
  );
  if (!j.createdAt || j.notificationId <= 0n) throw new Error('not a SendJob');
  return {
    id: Number(j.notificationId),
    projectId: input.projectId,
    recipientId: j.recipientId,
    recipientSeq: Number(j.recipientSeq),
    target: input.target,
    payloadJson: input.payloadJson,
    email: input.email,
    sms: input.sms,
    push: input.push,
    settings: input.settings,
    createdAt: timestampDate(j.createdAt),
    sendAt: j.sendAt ? timestampDate(j.sendAt) : null,
  };
}

/**
 * Accepted sends JetStream still holds: the send of a notification id is the last (only) message
 * on its subject until the worker, having written the notification, acknowledges it (work-queue
 * retention removes it then). Read through the stream leader (`STREAM.MSG.GET`), not a direct get
 * that a lagging replica could answer, so a send stored is a send found.
 */
export function createAcceptedSends(nc: NatsConnection): AcceptedSends {
  let jsm: Promise<JetStreamManager> | null = null;
  return {
    async find(notificationId) {
      jsm ??= jetstreamManager(nc);
      const m = await (await jsm).streams.getMessage(DELIVERY_STREAM, { last_by_subj: deliverySendSubject(notificationId) });
      return m ? decodeSend(m.data) : null;
    },
  };
}
