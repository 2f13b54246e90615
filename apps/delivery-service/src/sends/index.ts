export { type CancelSendsDeps, createCancelSends, createFinishCanceled } from './cancel-sends';
export { decide, type DecideDeps, outcomeFields } from './decide';
export { createGetNotification, type GetNotificationDeps, notificationNotFound } from './get-notification';
export { createGetPayloads, type GetPayloadsDeps } from './get-payloads';
export { createIdempotencyRepository, type IdempotencyRepository } from './idempotency-repository';
export { createSendNotification, type SendNotificationDeps, type SendResult } from './send-notification';
export type { SendInput } from './send-rules';
export { createWriteSends, type WriteSendsDeps } from './write-sends';
