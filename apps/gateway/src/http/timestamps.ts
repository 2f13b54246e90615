import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';

/** decisions §1: UTC, second precision, exactly `YYYY-MM-DDTHH:MM:SSZ`. */
export function formatTimestamp(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

export function formatProtoTimestamp(ts: Timestamp | undefined): string | null {
  return ts ? formatTimestamp(timestampDate(ts)) : null;
}
