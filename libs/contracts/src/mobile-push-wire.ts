import { create } from '@bufbuild/protobuf';
import { MobilePushContentSchema, type MobilePushContent as PbMobilePushContent } from './gen/herald/delivery/v1/delivery_pb.js';

/** A send's mobile_push block as the REST body has it and the delivery service keeps it. */
export interface MobilePushBlockInput {
  title: string;
  body: string;
  data?: Record<string, string>;
  /** A number, or `unread`: the recipient's in-app unread count when it is sent. */
  badge?: number | 'unread';
  sound?: string;
  collapse_key?: string;
  ttl_seconds?: number;
}

/** A mobile_push block as the wire carries it (RPC, send job): the data as JSON, `unread` as a flag. */
export function toPbMobilePush(c: MobilePushBlockInput): PbMobilePushContent {
  return create(MobilePushContentSchema, {
    title: c.title,
    body: c.body,
    ...(c.data !== undefined ? { dataJson: JSON.stringify(c.data) } : {}),
    ...(typeof c.badge === 'number' ? { badge: c.badge } : {}),
    badgeUnread: c.badge === 'unread',
    ...(c.sound !== undefined ? { sound: c.sound } : {}),
    ...(c.collapse_key !== undefined ? { collapseKey: c.collapse_key } : {}),
    ...(c.ttl_seconds !== undefined ? { ttlSeconds: c.ttl_seconds } : {}),
  });
}

/** The block of a wire mobile_push; unreadable data is kept as given for the send rules to refuse. */
export function fromPbMobilePush(pb: PbMobilePushContent): MobilePushBlockInput {
  let data: unknown;
  if (pb.dataJson !== undefined) {
    try {
      data = JSON.parse(pb.dataJson);
    } catch {
      data = pb.dataJson;
    }
  }
  return {
    title: pb.title,
    body: pb.body,
    ...(data !== undefined ? { data: data as Record<string, string> } : {}),
    ...(pb.badgeUnread ? { badge: 'unread' as const } : pb.badge !== undefined ? { badge: pb.badge } : {}),
    ...(pb.sound !== undefined ? { sound: pb.sound } : {}),
    ...(pb.collapseKey !== undefined ? { collapse_key: pb.collapseKey } : {}),
    ...(pb.ttlSeconds !== undefined ? { ttl_seconds: pb.ttlSeconds } : {}),
  };
}
