import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { createConnectTransport, createGrpcTransport, Http2SessionManager } from '@connectrpc/connect-node';
import { Health, HealthCheckResponse_ServingStatus as Status, RecipientService } from '@herald/contracts';
import type { Logger } from 'pino';
import { startRpcServer, type RpcServer } from './rpc-server';
import { serviceAuthClientInterceptor } from './service-auth';

/** The RPC server's auth wiring over a real h2c connection: caller address in the log, health open. */
describe('rpc server with service auth', () => {
  const TOKEN = 't'.repeat(48);
  const warnings: Record<string, unknown>[] = [];
  const logger = { warn: (obj: Record<string, unknown>) => warnings.push(obj), error: () => undefined } as unknown as Logger;
  let server: RpcServer;
  let sessionManager: Http2SessionManager;

  beforeAll(async () => {
    server = await startRpcServer({
      routes: (router) => router.service(RecipientService, { getRecipient: async (req) => ({ recipient: { id: req.id, name: req.id === 'large' ? 'n'.repeat(8_000) : 'n' } }) }),
      port: 0,
      host: '127.0.0.1',
      logger,
      auth: { tokens: [TOKEN] },
    });
    sessionManager = new Http2SessionManager(`http://127.0.0.1:${server.port}`);
  });
  afterAll(async () => {
    sessionManager?.abort();
    await server?.close();
  });

  const client = <S extends typeof RecipientService | typeof Health>(service: S, token?: string) =>
    createClient(service, createGrpcTransport({ baseUrl: `http://127.0.0.1:${server.port}`, sessionManager, interceptors: token ? [serviceAuthClientInterceptor(token)] : [] }));

  it('when calls without the token are refused, then the log names the caller address once, and health stays open', async () => {
    for (let i = 0; i < 3; i++) {
      const err = await client(RecipientService).getRecipient({ projectId: 1n, id: 'a' }).catch((e: unknown) => ConnectError.from(e));
      expect((err as ConnectError).code).toBe(Code.Unauthenticated);
    }
    expect(warnings).toEqual([expect.objectContaining({ caller: '127.0.0.1', reason: 'missing', method: 'herald.recipient.v1.RecipientService/GetRecipient' })]);
    expect((await client(Health).check({})).status).toBe(Status.SERVING);
    expect((await client(RecipientService, TOKEN).getRecipient({ projectId: 1n, id: 'a' })).recipient?.id).toBe('a');
  });

  it('when a reply is large and the caller accepts gzip (the gateway: Connect protocol), then it is sent uncompressed', async () => {
    const encodings: (string | null)[] = [];
    const transport = createConnectTransport({
      baseUrl: `http://127.0.0.1:${server.port}`,
      httpVersion: '2',
      sessionManager,
      interceptors: [
        serviceAuthClientInterceptor(TOKEN),
        (next) => async (req) => {
          const res = await next(req);
          encodings.push(res.header.get('content-encoding'));
          return res;
        },
      ],
    });
    const r = await createClient(RecipientService, transport).getRecipient({ projectId: 1n, id: 'large' });
    expect([r.recipient?.name?.length, encodings]).toEqual([8_000, [null]]);
  });
});
