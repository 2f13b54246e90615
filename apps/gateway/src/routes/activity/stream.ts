import { Code, ConnectError } from '@connectrpc/connect';
import { DomainError } from '@herald/service-kit';
import type { FastifyRequest } from 'fastify';
import { errorResponses } from '../../plugins/app/errors/error-schemas';
import { ActivityConnection } from '../../plugins/app/live-streams/activity-connection';
import type { LiveOutcome } from '../../plugins/app/live-streams/outcome-feed';
import { sseEvent } from '../../plugins/app/live-streams/sse';
import { startEventStream } from '../shared/event-stream-response';
import { ADMIN_SESSION_KEY_ID } from '../../plugins/app/console-session/sessions';
import { documented } from '../../plugins/external/swagger/openapi-document';
import { notificationView } from '../notifications/views';
import { streamRefusal } from '../shared/stream-refusal';
import type { RoutePlugin } from '../shared/type-provider';
import { ActivityStreamEvent, ActivityStreamQuery } from './stream-schemas';
import { isActivityOutcome, matchesStreamFilter, parseStreamFilter, type ActivityStreamFilter } from './stream-filter';

const credentialEnded = () => new DomainError('unauthenticated', 'unauthorized', 'Credential no longer valid');

/** The SSE text of an outcome the stream shows (an outcome of a send that passes the filters), or null. */
function render(filter: ActivityStreamFilter) {
  return ({ seq, event }: LiveOutcome): string | null => {
    const n = event.notification;
    if (!n || !isActivityOutcome(event.type) || !matchesStreamFilter(filter, n)) return null;
    // Rendered as it arrives, without the payload (the outcome event may leave it out; the activity shows none).
    return sseEvent('outcome', seq, { type: event.type, notification: { ...notificationView({ ...n, payloadJson: undefined }), payload: null } });
  };
}

/** The filters as sent (the query string, not the validated query: a filter the stream does not take must be refused, not dropped). */
const rawQuery = (request: FastifyRequest) => new URLSearchParams(request.url.split('?')[1] ?? '');

/**
 * GET /notifications/stream: the project's new outcomes as Server-Sent Events (the console's live
 * activity). Full key or console session. Each event is an outcome of a send (the notification's,
 * or an outbound medium's) carrying the notification as stored after it, without its payload; the
 * filters of `GET /notifications` that an event can be matched on narrow it. No replay: a client
 * that reconnects reads the activity page again. The stream ends with its credential: when its key
 * is revoked, when its console session is signed out (on any replica) or expires, and after the
 * streams' maximum lifetime. At most `STREAM_MAX_ACTIVITY_PER_PROJECT` per project and replica.
 */
const activityStreamRoute: RoutePlugin = async (app) => {
  const live = app.liveStreams;

  app.get(
    '/notifications/stream',
    {
      exposeHeadRoute: false,
      schema: {
        ...documented({
          summary: 'Live activity of the project (Server-Sent Events)',
          description:
            'New outcomes of the project\'s sends as they happen: one `outcome` event each (its `type`, such as notification.delivered or email.failed, and the notification after it, payload left out). ' +
            'Filters: recipient_id, channel, topic, event, medium+outcome, broadcast_id (any combination); status, since, until, cursor and limit are refused (400). ' +
            'No replay on reconnection: read GET /notifications again. Ends when the key is revoked or the console session ends; 429 too_many_streams past the per-project limit.',
          success: 'The event stream: one SSE event per outcome (`event: outcome`, `id`, `data` as JSON)',
        }),
        tags: ['notifications'],
        querystring: ActivityStreamQuery,
        response: {
          200: { description: 'The event stream', content: { 'text/event-stream': { schema: ActivityStreamEvent } } },
          ...errorResponses('message'),
        },
      },
    },
    async (request, reply) => {
      const filter = parseStreamFilter(rawQuery(request));
      if (!live.feed.isReady()) throw new ConnectError('Live streams are not available yet, retry shortly', Code.Unavailable);
      const projectId = request.project.id;
      const { principal, consoleSession } = request;
      const slot = live.admit({ projectId, recipientId: null, keyId: principal.keyId, sessionId: consoleSession?.id, expiresAtMs: consoleSession?.expiresAt.getTime() });
      if (typeof slot === 'string') throw streamRefusal(slot, live.settings);
      // Events from now on are held until the connection exists (nothing falls between the check and the stream).
      const early: LiveOutcome[] = [];
      let conn: ActivityConnection | null = null;
      const unlisten = live.feed.listenProject(projectId, (o) => (conn ? conn.push(o) : early.push(o)));
      try {
        // Asked again now the slot is watched: a revocation that came meanwhile is not missed.
        const adminSession = consoleSession !== null && principal.keyId === ADMIN_SESSION_KEY_ID;
        if ((!adminSession && !(await app.credentials.keyExists(principal.keyId))) || slot.ended) throw credentialEnded();
      } catch (err) {
        unlisten();
        slot.release();
        throw err;
      }
      const raw = startEventStream(request, reply);
      const c = new ActivityConnection({
        raw,
        render: render(filter),
        maxBufferedBytes: live.settings.maxBufferedBytes,
        onSent: live.sent,
        onBuffered: (delta) => slot.buffered(delta),
        onClose: (reason) => {
          unlisten();
          slot.release();
          live.closed(reason);
          request.log.info({ route: '/notifications/stream', projectId, reason }, 'live stream closed');
        },
      });
      conn = c;
      slot.attach(c);
      for (const o of early.splice(0)) c.push(o);
    },
  );
};

export default activityStreamRoute;
