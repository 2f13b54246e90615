import type * as http2 from 'node:http2';
import { Http2SessionManager } from '@connectrpc/connect-node';

const ignore = () => undefined;

/**
 * Connect's HTTP/2 session manager, without its crash on a peer's GOAWAY
 * (connectrpc/connect-es#1768, open upstream): a GOAWAY without open streams, which a peer's
 * graceful shutdown or a load balancer's idle timeout sends, makes the manager destroy the session
 * with an error that Node.js raises only once the socket has closed; a request in between finds the
 * session destroyed and opens another, which removes the manager's error listeners, and the late
 * error is raised with none left: an uncaught exception that ends the process. Each session this
 * manager opens keeps one listener that drops what is raised after the manager stopped listening
 * (the manager's own listeners still see every error while it uses the session, and its streams
 * fail as before), as the manager already does for a session it aborts.
 */
export class PeerSessionManager extends Http2SessionManager {
  private readonly guarded = new WeakSet<http2.Http2Session>();

  override async request(method: string, path: string, headers: http2.OutgoingHttpHeaders, options: Omit<http2.ClientSessionRequestOptions, 'signal'>): Promise<http2.ClientHttp2Stream> {
    const stream = await super.request(method, path, headers, options);
    const session = stream.session;
    if (session && !this.guarded.has(session)) {
      this.guarded.add(session);
      session.on('error', ignore);
    }
    return stream;
  }
}
