import { Type } from '@sinclair/typebox';
import { NotificationSchema } from '../notifications/schemas';
import { activityExamples } from './examples';
import { ActivityQuery } from './schemas';
import { STREAM_FILTERS } from './stream-filter';

/** The activity stream's filters: those of GET /notifications that an event can be matched on (the others are refused). */
export const ActivityStreamQuery = Type.Pick(ActivityQuery, [...STREAM_FILTERS]);

/** One event of the activity stream, as the OpenAPI document states it. */
export const ActivityStreamEvent = Type.Object(
  {
    event: Type.Literal('outcome'),
    id: Type.String({ pattern: '^[0-9]+$', description: "The outcome's position in the outcome stream (grows)" }),
    data: Type.Object({
      type: Type.String({ description: 'The outcome: notification.delivered, notification.suppressed, notification.failed…, or an outbound medium\'s (email.sent, sms.failed, push.skipped…)', examples: ['email.sent'] }),
      notification: NotificationSchema,
    }),
  },
  { title: 'ActivityStreamEvent', description: 'An outcome of one of the project\'s sends, with the notification after it (its payload left out: null)', examples: [activityExamples.streamEvent] },
);
