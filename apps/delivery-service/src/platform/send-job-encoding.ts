import { create, toBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { SendJobSchema, toPbMobilePush } from '@herald/contracts';
import type { AcceptedSend } from '../kernel/notification';

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
      chat: s.chat ?? undefined,
      mobilePush: s.mobilePush ? toPbMobilePush(s.mobilePush) : undefined,
      settings: {
        strictTargets: s.settings.strictTargets,
        maxBroadcastRecipientsForEmail: BigInt(s.settings.maxBroadcastRecipientsForEmail),
        maxBroadcastRecipientsForPush: BigInt(s.settings.maxBroadcastRecipientsForPush ?? 0),
        monthlyQuota: s.settings.monthlyQuota === null ? undefined : BigInt(s.settings.monthlyQuota),
        emailFromAddress: s.settings.emailFrom?.address,
        emailFromName: s.settings.emailFrom?.name ?? undefined,
        emailReplyTo: s.settings.emailReplyTo,
        retentionDays: s.settings.retentionDays ?? undefined,
        smsCountryCodes: s.settings.smsCountryCodes ?? [],
      },
      createdAt: timestampFromDate(s.createdAt),
      sendAt: s.sendAt ? timestampFromDate(s.sendAt) : undefined,
    }),
  );
}
