import { Code, ConnectError, createClient, createRouterTransport, type Interceptor } from '@connectrpc/connect';
import { ErrorInfoSchema, Health, HealthCheckResponse_ServingStatus as Status, RecipientService } from '@herald/contracts';
import { createFakeClock } from '@herald/timing';
import type { Logger } from 'pino';
import { loadConfig } from './config';
import { ServiceConfigSchema } from './service';
import {
  acceptedServiceTokens,
  callerAddressKey,
  serviceAuthClientInterceptor,
  serviceAuthServerInterceptor,
  serviceClientInterceptors,
  SERVICE_TOKEN_REFUSED,
} from './service-auth';

const TOKEN = 'a'.repeat(20) + 'current-token-0123456789';
const SECONDARY = 'b'.repeat(20) + 'secondary-token-01234567';

function fakeLogger() {
  const warnings: { obj: Record<string, unknown>; msg: string }[] = [];
  const logger = { warn: (obj: Record<string, unknown>, msg: string) => warnings.push({ obj, msg }) } as unknown as Logger;
  return { logger, warnings };
}

/** A recipient service (getRecipient only) and grpc.health behind the server interceptor, in memory. */
function serve(server: Interceptor, client: Interceptor[] = []) {
  let seenAuthorization: string | null = null;
  const transport = createRouterTransport(
    (router) => {
      router.service(RecipientService, {
        getRecipient: async (req, ctx) => {
          seenAuthorization = ctx.requestHeader.get('authorization');
          return { recipient: { id: req.id, name: 'Alice' } };
        },
      });
      router.service(Health, { check: async () => ({ status: Status.SERVING }), async *watch() {} });
    },
    { router: { interceptors: [server] }, transport: { interceptors: client } },
  );
  return {
    recipients: createClient(RecipientService, transport),
    health: createClient(Health, transport),
    seen: () => seenAuthorization,
  };
}

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (err) {
    return Code[ConnectError.from(err).code];
  }
};

describe('service auth: client interceptor', () => {
  it('when a call is made, then it carries authorization: Bearer <token>', async () => {
    const { logger } = fakeLogger();
    const svc = serve(serviceAuthServerInterceptor({ tokens: [TOKEN], logger }), [serviceAuthClientInterceptor(TOKEN)]);
    const res = await svc.recipients.getRecipient({ projectId: 1n, id: 'alice' });
    expect(res.recipient?.id).toBe('alice');
    expect(svc.seen()).toBe(`Bearer ${TOKEN}`);
  });

  it('when the process has no token, then its clients send none (tracing only)', () => {
    expect(serviceClientInterceptors({})).toHaveLength(1);
    expect(serviceClientInterceptors({ SERVICE_TOKEN: TOKEN })).toHaveLength(2);
  });
});

describe('service auth: server interceptor', () => {
  it('when a call has no token, a wrong one or a malformed header, then it fails unauthenticated', async () => {
    const { logger } = fakeLogger();
    const server = serviceAuthServerInterceptor({ tokens: [TOKEN], logger });
    const call = (client: Interceptor[]) => codeOf(serve(server, client).recipients.getRecipient({ projectId: 1n, id: 'a' }));
    const header = (value: string): Interceptor => (next) => (req) => {
      req.header.set('authorization', value);
      return next(req);
    };
    expect(await call([])).toBe('Unauthenticated');
    const refused = await serve(server).recipients.getRecipient({ projectId: 1n, id: 'a' }).catch((e: unknown) => ConnectError.from(e));
    expect((refused as ConnectError).findDetails(ErrorInfoSchema)[0]?.code).toBe(SERVICE_TOKEN_REFUSED);
    expect(await call([serviceAuthClientInterceptor('x'.repeat(32))])).toBe('Unauthenticated');
    expect(await call([serviceAuthClientInterceptor(TOKEN.slice(0, -1))])).toBe('Unauthenticated');
    expect(await call([serviceAuthClientInterceptor(`${TOKEN}x`)])).toBe('Unauthenticated');
    expect(await call([header(TOKEN)])).toBe('Unauthenticated'); // no scheme
    expect(await call([header(`Basic ${TOKEN}`)])).toBe('Unauthenticated');
    expect(await call([header(`bearer ${TOKEN}`)])).toBe('ok'); // the scheme is case-insensitive
    expect(await call([serviceAuthClientInterceptor(TOKEN)])).toBe('ok');
  });

  it('when the health service is called without a token, then it answers (probes carry no credentials)', async () => {
    const { logger, warnings } = fakeLogger();
    const svc = serve(serviceAuthServerInterceptor({ tokens: [TOKEN], logger }));
    expect((await svc.health.check({})).status).toBe(Status.SERVING);
    expect(warnings).toEqual([]);
  });

  it('when a token is being rotated, then the secondary one is accepted too, and nothing else', async () => {
    const { logger } = fakeLogger();
    const server = serviceAuthServerInterceptor({ tokens: [TOKEN, SECONDARY], logger });
    const call = (token: string) => codeOf(serve(server, [serviceAuthClientInterceptor(token)]).recipients.getRecipient({ projectId: 1n, id: 'a' }));
    expect(await call(TOKEN)).toBe('ok');
    expect(await call(SECONDARY)).toBe('ok');
    expect(await call('c'.repeat(44))).toBe('Unauthenticated');
  });

  it('when a caller keeps failing, then it is logged at warn once per interval with the suppressed count, never the token', async () => {
    const { logger, warnings } = fakeLogger();
    const clock = createFakeClock(1_000_000);
    const server = serviceAuthServerInterceptor({ tokens: [TOKEN], logger, warnEveryMs: 60_000, clock });
    const wrong = 'w'.repeat(40);
    const svc = serve(server, [serviceAuthClientInterceptor(wrong)]);
    for (let i = 0; i < 5; i++) await codeOf(svc.recipients.getRecipient({ projectId: 1n, id: 'a' }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0].obj).toMatchObject({ caller: 'unknown', reason: 'wrong', method: 'herald.recipient.v1.RecipientService/GetRecipient', suppressed: 0 });
    clock.advance(60_000);
    await codeOf(svc.recipients.getRecipient({ projectId: 1n, id: 'a' }));
    expect(warnings).toHaveLength(2);
    expect(warnings[1].obj).toMatchObject({ suppressed: 4 });
    const logged = JSON.stringify(warnings);
    expect(logged).not.toContain(wrong);
    expect(logged).not.toContain(TOKEN);
  });

  it('when many distinct callers fail, then the callers tracked are bounded and the rest share one log entry', async () => {
    const { logger, warnings } = fakeLogger();
    const server = serviceAuthServerInterceptor({ tokens: [TOKEN], logger, maxCallers: 2, clock: createFakeClock(5) });
    // Distinct callers through the context value the RPC server sets from the remote address.
    const from = (address: string): Interceptor => (next) => (req) => {
      req.contextValues.set(callerAddressKey, address);
      return next(req);
    };
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4', '10.0.0.1']) {
      const transport = createRouterTransport(
        (router) => router.service(RecipientService, { getRecipient: async () => ({}) }),
        { router: { interceptors: [from(address), server] } },
      );
      await codeOf(createClient(RecipientService, transport).getRecipient({ projectId: 1n, id: 'a' }));
    }
    expect(warnings.map((w) => w.obj.caller)).toEqual(['10.0.0.1', '10.0.0.2', 'other callers']);
  });

  it('when built without a token, then it refuses to', () => {
    const { logger } = fakeLogger();
    expect(() => serviceAuthServerInterceptor({ tokens: [], logger })).toThrow(/token/);
    expect(() => serviceAuthServerInterceptor({ tokens: [''], logger })).toThrow(/token/);
  });
});

describe('service auth: configuration', () => {
  const base = { PORT: '1', METRICS_PORT: '2', MONGO_URL: 'mongodb://x', MONGO_DB: 'd', NATS_URL: 'nats://x' };

  it('when SERVICE_AUTH is left out, then it is token, and a missing SERVICE_TOKEN stops the process with a clear error', () => {
    expect(() => loadConfig(ServiceConfigSchema, base)).toThrow(/SERVICE_TOKEN: required when SERVICE_AUTH is `token`/);
    const config = loadConfig(ServiceConfigSchema, { ...base, SERVICE_TOKEN: TOKEN });
    expect(config.SERVICE_AUTH).toBe('token');
    expect(acceptedServiceTokens(config)).toEqual([TOKEN]);
  });

  it('when SERVICE_TOKEN is shorter than 32 characters or SERVICE_AUTH is unknown, then the config is refused', () => {
    expect(() => loadConfig(ServiceConfigSchema, { ...base, SERVICE_TOKEN: 'short' })).toThrow(/SERVICE_TOKEN/);
    expect(() => loadConfig(ServiceConfigSchema, { ...base, SERVICE_TOKEN: TOKEN, SERVICE_AUTH: 'mtls' })).toThrow(/SERVICE_AUTH/);
  });

  it('when SERVICE_AUTH is none, then no token is needed and nothing is checked; with a secondary token both are accepted', () => {
    expect(acceptedServiceTokens(loadConfig(ServiceConfigSchema, { ...base, SERVICE_AUTH: 'none' }))).toBeNull();
    expect(acceptedServiceTokens(loadConfig(ServiceConfigSchema, { ...base, SERVICE_TOKEN: TOKEN, SERVICE_TOKEN_SECONDARY: SECONDARY }))).toEqual([TOKEN, SECONDARY]);
  });
});
