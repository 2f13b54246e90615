import { Code, ConnectError } from '@connectrpc/connect';
import { Type } from '@sinclair/typebox';
import { GatewayError } from '../../http/http-error';
import type { RoutePlugin } from '../../http/type-provider';
import { LiveConnection } from '../../live/live-connection';
import type { LiveOutcome } from '../../live/outcome-feed';
import { parseLastEventId, sseRetry } from '../../live/sse';
import { API_VERSION } from '../../plugins/app/errors';
import { errorResponses } from '../../schemas/common';
import { RecipientIdParams } from '../../schemas/recipient';
import type { Principal } from '../../auth/principal';
import { notificationView, type Audience } from '../notifications/views';

const audienceOf = (principal: Principal): Audience => (principal.kind === 'key' && principal.scope === 'full' ? 'full' : 'recipient');

const tooMany = (what: string, max: number) =>
  new GatewayError('exhausted', 'too_many_streams', `Too many open streams for this ${what} (at most ${max} per gateway replica); close one or retry later`, { 'Retry-After': '5' });

/**
 * GET /recipients/{recipient_id}/notifications/stream: the recipient's live feed as Server-Sent
 * Events. Same access as the feed (a Full key, or a Recipient key / recipient token for that
 * recipient), the credential also accepted as `?token=` (EventSource cannot set headers).
 *
 * Events: `notification` (a newly delivered notification, the feed's object), `notification.updated`
 * (read/opened changed, mark-all-read included), `unread_count` (on connect and after every change),
 * `reset` (the client missed more than the replay window: refetch); each `data` is JSON carrying
 * `unread_count`, each `id` the HERALD_OUTCOMES sequence of the event (grows per recipient). With
 * `Last-Event-ID`, what the recipient missed since that id is replayed from the stored stream first
 * (at most `replayMax` events, else `reset`). A comment heartbeat every `heartbeatMs`.
 */
const streamRoute: RoutePlugin = async (app) => {
  const deliveries = app.services.deliveries;
  const live = app.liveStreams;

  app.get(
    '/recipients/:recipient_id/notifications/stream',
    {
      config: { access: 'recipient', tokenInQuery: true },
      // A HEAD would open a stream too: none.
      exposeHeadRoute: false,
      schema: {
        tags: ['notifications'],
        summary: 'Live feed of a recipient (Server-Sent Events)',
        description:
          'A `text/event-stream`. Events: `notification` (`{"notification": <Notification>, "unread_count": n}`: newly delivered), ' +
          '`notification.updated` (same shape: read/opened changed, mark-all-read included), `unread_count` (`{"unread_count": n}`: on connect and after every change), ' +
          '`reset` (`{"reason": "replay_window_exceeded", "unread_count": n}`: refetch the feed). Every event has an `id` (grows per recipient); ' +
          'reconnecting with `Last-Event-ID` replays what was missed (bounded window, else `reset`). A comment line every 15 s keeps the connection open. ' +
          'Browsers pass a recipient token as `?token=` (EventSource cannot set headers). 429 `too_many_streams` beyond the per-recipient or per-project limit.',
        params: RecipientIdParams,
        querystring: Type.Object({ token: Type.Optional(Type.String({ description: 'A recipient token (or API key), for clients that cannot set the Authorization header' })) }),
        headers: Type.Object({ 'last-event-id': Type.Optional(Type.String({ description: 'The id of the last event received: replay from there' })) }),
        response: {
          200: { description: 'The event stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
          ...errorResponses('message'),
        },
      },
    },
    async (request, reply) => {
      const projectId = request.project.id;
      const recipientId = request.params.recipient_id;
      if (!live.feed.isReady()) {
        throw new ConnectError('Live streams are not available yet, retry shortly', Code.Unavailable);
      }
      const slot = live.admit(projectId, recipientId);
      if (slot === 'recipient') throw tooMany('recipient', live.settings.maxPerRecipient);
      if (slot === 'project') throw tooMany('project', live.settings.maxPerProject);
      const countUnread = async () => Number((await deliveries.unreadCount({ projectId: BigInt(projectId), recipientId })).unreadCount);
      // Events from now on are buffered until the connection is live (nothing falls between replay and live).
      const buffered: LiveOutcome[] = [];
      let conn: LiveConnection | null = null;
      const unlisten = live.feed.listen(projectId, recipientId, (o) => (conn ? conn.push(o) : buffered.push(o)));
      let started = false;
      try {
        const position = await live.feed.position();
        const lastEventId = parseLastEventId(request.headers['last-event-id']);
        const replay = lastEventId === null ? null : await live.feed.replay(projectId, recipientId, lastEventId, live.settings.replayMax, position);
        // Unknown recipient: 404 here, before the stream starts. Read after the replay: it reflects every replayed event.
        const unread = await countUnread();
        if (replay) live.replayed(replay.kind === 'reset' ? 'reset' : 'replayed', replay.kind === 'events' ? replay.events.length : 0);

        const audience = audienceOf(request.principal);
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          ...(reply.getHeaders() as Record<string, string>),
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-cache, no-transform',
          Connection: 'keep-alive',
          'X-Accel-Buffering': 'no',
          'X-API-Version': API_VERSION,
          'X-Request-Id': request.id,
        });
        request.raw.socket.setNoDelay(true);
        request.raw.socket.setTimeout(0);
        raw.write(sseRetry(2000));
        started = true;
        const c = new LiveConnection({
          raw,
          startSeq: lastEventId ?? position.lastSeq,
          countUnread,
          view: (e) => notificationView(e.notification!, audience),
          maxBufferedBytes: live.settings.maxBufferedBytes,
          onSent: live.sent,
          onClose: (reason) => {
            unlisten();
            slot.release();
            live.untrack(c, reason);
            request.log.info({ route: '/recipients/:recipient_id/notifications/stream', projectId, reason }, 'live stream closed');
          },
        });
        conn = c;
        live.track(c);
        if (replay?.kind === 'reset') c.reset(replay.lastSeq, unread);
        for (const o of buffered.splice(0)) c.push(o);
        await c.goLive(unread, replay?.kind === 'events' ? replay.events : []);
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
