import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { TimelineStepSchema, type TimelineStep as PbTimelineStep } from '@herald/contracts';
import type { DeliveryHandlers } from '../platform';
import type { createGetTimeline } from './get-timeline';
import type { TimelineStep } from './timeline-steps';

/** A notification's timeline. */
export function timelineRoutes(getTimeline: ReturnType<typeof createGetTimeline>): DeliveryHandlers<'getTimeline'> {
  return {
    async getTimeline(req) {
      return { steps: (await getTimeline(Number(req.projectId), Number(req.id))).map(toPbStep) };
    },
  };
}

function toPbStep(s: TimelineStep): PbTimelineStep {
  return create(TimelineStepSchema, {
    ...s,
    at: timestampFromDate(s.at),
    digestId: s.digestId === undefined ? undefined : BigInt(s.digestId),
    webhookId: s.webhookId === undefined ? undefined : BigInt(s.webhookId),
  });
}
