import type { MessageInitShape } from '@bufbuild/protobuf';
import type { ConnectError, ServiceImpl } from '@connectrpc/connect';
import { ErrorInfoSchema, type DeliveryService, type SendErrorSchema } from '@herald/contracts';

/** Some of DeliveryService's handlers: what a module's routes file answers (server.ts composes them). */
export type DeliveryHandlers<K extends keyof ServiceImpl<typeof DeliveryService>> = Pick<ServiceImpl<typeof DeliveryService>, K>;

/**
 * The error of one item of a batch call (SendError: SendMany's sends, RecordSmsStatuses' reports):
 * the Connect code, message and ErrorInfo the item's own call would have failed with.
 */
export function toItemError(err: ConnectError): MessageInitShape<typeof SendErrorSchema> {
  return { code: err.code, message: err.rawMessage, info: err.findDetails(ErrorInfoSchema)[0] };
}
