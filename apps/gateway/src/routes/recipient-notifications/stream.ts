import { Code, ConnectError } from '@connectrpc/connect';
import { DomainError, notFound } from '@herald/service-kit';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { RoutePlugin } from '../shared/type-provider';
import { LiveConnection, type CloseReason, type LiveCounts } from '../../plugins/app/live-streams/live-connection';
import type { LiveOutcome } from '../../plugins/app/live-streams/outcome-feed';
import { parseLastEventId } from '../../plugins/app/live-streams/sse';
import { startEventStream } from '../shared/event-stream-response';
import { streamRefusal as refusal } from '../shared/stream-refusal';
import { errorResponses } from '../../plugins/app/errors/error-schemas';
import { RecipientIdParams } from '../recipients/schemas';
import type { Principal } from '../../plugins/app/auth/principal';
import { notificationView, type Audience } from '../notifications/views';
import { STREAM_DESCRIPTION, StreamEventSchemas } from './stream-events';

const audienceOf = (principal: Principal): Audience => (principal.kind === 'key' && principal.scope === 'full' ? 'full' : 'recipient');

const credentialEnded = (reason?: CloseReason | null) =>
  new DomainError('unauthenticated', 'unauthorized', reason === 'token_expired' ? 'Token expired' : 'Credential no longer valid');

/**
 * The credential asked again once the stream's slot is watched (revocations and erasures reach it
 * from then on), so one that came between authentication and now is not missed: its key (or the
 * key that minted its token) must still exist, and its recipient too (the token's incarnation of
 * it). Both answers come from memory unless such an event evicted them. An unknown recipient is a
 * 404, as for the feed.
 */
async function checkCredentialHolds(app: FastifyInstance, principal: Principal, recipientId: string): Promise<void> {
  if (!(await app.credentials.keyExists(principal.keyId))) throw credentialEnded();
  const incarnation = await app.recipientPresence.incarnation(BigInt(principal.projectId), recipientId);
  if (principal.kind === 'token' ? incarnation !== principal.incarnation : incarnation === null) {
    throw principal.kind === 'token' ? credentialEnded() : notFound('recipient_not_found', 'Recipient not found');
  }
}

/**
 * GET /recipients/{recipient_id}/notifications/stream: the recipient's live feed as Server-Sent
 * Events. Same access as the feed (a Full key, or a Recipient key / recipient token for that
 * recipient); a recipient token is also accepted as `?token=` (EventSource cannot set headers).
 *
 * Events (stream-events.ts): `notification`, `notification.updated`, `unread_count`, `reset`; each
 * `id` the HERALD_OUTCOMES sequence of the event (grows per recipient). With `Last-Event-ID`, what
 * the recipient missed since that id is replayed from the stored stream first (at most `replayMax`
 * events and `replayMaxBytes`, else `reset`). A comment heartbeat every `heartbeatMs`. The stream
 * ends with its credential: when its token expires, when its key (or the key that minted its
 * token) is revoked, when its recipient is erased, and after `maxLifetimeMs` (see live-streams.ts).
 */
const streamRoute: RoutePlugin = async (app) => {
  const deliveries = app.services.deliveries;
  const live = app.liveStreams;

  // A HEAD would open a stream too: it is authenticated like the GET (a refused credential is a
  // 401 or 403, as everywhere), then answered 405.
  app.head(
    '/recipients/:recipient_id/notifications/stream',
    { config: { access: 'recipient', tokenInQuery: true }, schema: { hide: true, params: RecipientIdParams } },
    async (_request, reply) => reply.code(405).header('allow', 'GET').send(),
  );

  app.get(
    '/recipients/:recipient_id/notifications/stream',
    {
      config: { access: 'recipient', tokenInQuery: true },
      // A HEAD would open a stream too: none.
      exposeHeadRoute: false,
      schema: {
        tags: ['notifications'],
        summary: 'Live feed of a recipient (Server-Sent Events)',
        description: STREAM_DESCRIPTION,
        params: RecipientIdParams,
        querystring: Type.Object({
          token: Type.Optional(
            Type.String({ description: 'A recipient token, for clients that cannot set the Authorization header (EventSource). Never an API key: a key here is refused (401); send keys in the Authorization header.' }),
          ),
        }),
        headers: Type.Object({ 'last-event-id': Type.Optional(Type.String({ description: 'The id of the last event received: replay from there' })) }),
        response: {
          200: { description: 'The event stream: one SSE event per item (`event`, `id`, `data` as JSON)', content: { 'text/event-stream': { schema: StreamEventSchemas } } },
          ...errorResponses('message'),
        },
      },
    },
    async (request, reply) => {
      const projectId = request.project.id;
      const recipientId = request.params.recipient_id;
      const principal = request.principal;
      if (!live.feed.isReady()) {
        throw new ConnectError('Live streams are not available yet, retry shortly', Code.Unavailable);
      }
      const lastEventId = parseLastEventId(request.headers['last-event-id']);
      // A replay about to be read is held from now, against the replica's bound.
      const reserved = lastEventId === null ? 0 : live.settings.replayMaxBytes;
      const slot = live.admit({ projectId, recipientId, keyId: principal.keyId, expiresAtMs: principal.kind === 'token' ? principal.expiresAt * 1000 : undefined }, reserved);
      if (typeof slot === 'string') throw refusal(slot, live.settings);
      const counts = async (): Promise<LiveCounts> => {
        const res = await deliveries.unreadCount({ projectId: BigInt(projectId), recipientId });
        return { unread: Number(res.unreadCount), unseen: Number(res.unseenCount) };
      };
      // Events from now on are buffered until the connection is live (nothing falls between replay and live).
      const buffered: LiveOutcome[] = [];
      let conn: LiveConnection | null = null;
      const unlisten = live.feed.listen(projectId, recipientId, (o) => (conn ? conn.push(o) : buffered.push(o)));
      let started = false;
      try {
        await checkCredentialHolds(app, principal, recipientId);
        const position = await live.feed.position();
        const replay =
          lastEventId === null ? null : await live.feed.replay(projectId, recipientId, lastEventId, { maxEvents: live.settings.replayMax, maxBytes: live.settings.replayMaxBytes }, position);
        // Unknown recipient: 404 here, before the stream starts. Read after the replay: it reflects every replayed event.
        const current = await counts();
        if (slot.ended) throw credentialEnded(slot.ended);
        if (replay) live.replayed(replay.kind === 'reset' ? 'reset' : 'replayed', replay.kind === 'events' ? replay.events.length : 0);

        const audience = audienceOf(principal);
        const raw = startEventStream(request, reply);
        started = true;
        const c = new LiveConnection({
          raw,
          startSeq: lastEventId ?? position.lastSeq,
          counts,
          view: (e) => notificationView(e.notification!, audience),
          maxBufferedBytes: live.settings.maxBufferedBytes,
          onSent: live.sent,
          onBuffered: (delta) => slot.buffered(delta),
          onClose: (reason) => {
            unlisten();
            slot.release();
            live.closed(reason);
            request.log.info({ route: '/recipients/:recipient_id/notifications/stream', projectId, reason }, 'live stream closed');
          },
        });
        conn = c;
        // The reservation becomes what the connection holds (the replayed events, counted as it queues them).
        slot.buffered(-reserved);
        slot.attach(c);
        if (replay?.kind === 'reset') c.reset(replay.lastSeq, current);
        for (const o of buffered.splice(0)) c.push(o);
        await c.goLive(current, replay?.kind === 'events' ? replay.events : []);
      } catch (err) {
        if (!started) {
          unlisten();
          slot.release();
          throw err;
        }
        conn?.close('error');
      }
    },
  );
};

export default streamRoute;
