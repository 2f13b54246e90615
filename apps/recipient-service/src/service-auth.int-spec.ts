import { Code, ConnectError, createClient, type Interceptor } from '@connectrpc/connect';
import { createConnectTransport, createGrpcTransport, Http2SessionManager } from '@connectrpc/connect-node';
import { Health, HealthCheckResponse_ServingStatus as Status, RecipientService } from '@herald/contracts';
import { LIVENESS, serviceAuthClientInterceptor } from '@herald/service-kit';
import { startRecipientService, type TestRecipientService } from './testing/start-recipient-service';

/** Trust between services: the real recipient service, reached over h2c like the gateway and delivery service do. */
describe('recipient service: service-to-service authentication', () => {
  let svc: TestRecipientService;
  const sessions: Http2SessionManager[] = [];

  beforeAll(async () => {
    svc = await startRecipientService('service_auth');
  });
  afterAll(async () => {
    for (const s of sessions) s.abort();
    await svc?.close();
  });

  const transport = (protocol: 'grpc' | 'connect', interceptors: Interceptor[]) => {
    const sessionManager = new Http2SessionManager(svc.baseUrl);
    sessions.push(sessionManager);
    const options = { baseUrl: svc.baseUrl, sessionManager, interceptors };
    return protocol === 'grpc' ? createGrpcTransport(options) : createConnectTransport({ ...options, httpVersion: '2' });
  };
  const codeOf = async (p: Promise<unknown>) => {
    try {
      await p;
      return 'ok';
    } catch (err) {
      return Code[ConnectError.from(err).code];
    }
  };

  it.each(['grpc', 'connect'] as const)('when a %s call has no service token, then it fails unauthenticated and does nothing', async (protocol) => {
    const client = createClient(RecipientService, transport(protocol, []));
    const projectId = svc.project();
    expect(await codeOf(client.getRecipient({ projectId, id: 'alice' }))).toBe('Unauthenticated');
    expect(await codeOf(client.createRecipient({ projectId, id: 'mallory', name: 'M' }))).toBe('Unauthenticated');
    expect(await codeOf(svc.client.getRecipient({ projectId, id: 'mallory' }))).toBe('NotFound');
  });

  it('when a call carries a wrong service token, then it fails unauthenticated', async () => {
    const client = createClient(RecipientService, transport('grpc', [serviceAuthClientInterceptor('w'.repeat(64))]));
    expect(await codeOf(client.getRecipient({ projectId: svc.project(), id: 'alice' }))).toBe('Unauthenticated');
  });

  it.each(['grpc', 'connect'] as const)('when a %s call carries the service token, then it is served', async (protocol) => {
    const client = createClient(RecipientService, transport(protocol, [serviceAuthClientInterceptor(svc.serviceToken)]));
    const projectId = svc.project();
    await client.createRecipient({ projectId, id: 'alice', name: 'Alice' });
    expect((await client.getRecipient({ projectId, id: 'alice' })).recipient?.name).toBe('Alice');
    // A domain error still comes through as itself, not as an auth failure.
    expect(await codeOf(client.getRecipient({ projectId, id: 'nobody' }))).toBe('NotFound');
  });

  it('when the gRPC health service is asked without a token (Kubernetes probes), then it answers SERVING', async () => {
    const health = createClient(Health, transport('grpc', []));
    expect((await health.check({})).status).toBe(Status.SERVING);
    expect((await health.check({ service: LIVENESS })).status).toBe(Status.SERVING);
  });
});
