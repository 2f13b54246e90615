import { create, fromBinary } from '@bufbuild/protobuf';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { DELIVERY_STREAM, deliverySendSubject, SendJobSchema, SendRequestSchema, type SendJob } from '@herald/contracts';
import type { NatsConnection } from '@herald/service-kit';
import type { AcceptedSend } from '../kernel/notification';
import { acceptedSendOf, toSendInput } from './send-request';
import type { AcceptedSends } from '../kernel/ports';

/** The accepted send a SendJob carries (throws on a message that is not one). */
export function decodeSend(data: Uint8Array): AcceptedSend {
  const j: SendJob = fromBinary(SendJobSchema, data);
  // The job carries a SendRequest's fields: read them with the request's own rules.
  const input = toSendInput(
    create(SendRequestSchema, { projectId: j.projectId, recipientId: j.recipientId, target: j.target, payloadJson: j.payloadJson, email: j.email, sms: j.sms, push: j.push, chat: j.chat, mobilePush: j.mobilePush, settings: j.settings }),
  );
  if (!j.createdAt || j.notificationId <= 0n) throw new Error('not a SendJob');
  return acceptedSendOf(input, {
    id: Number(j.notificationId),
    recipientId: j.recipientId,
    recipientSeq: Number(j.recipientSeq),
    createdAt: timestampDate(j.createdAt),
    sendAt: j.sendAt ? timestampDate(j.sendAt) : null,
  });
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
