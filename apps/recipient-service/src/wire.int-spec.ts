import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { startRecipientService, type TestRecipientService } from './testing/start-recipient-service';

jest.setTimeout(30_000);

const PROTO_DIR = path.resolve(__dirname, '../../../proto');

type Unary = (req: object, cb: (err: grpc.ServiceError | null, res: Record<string, unknown>) => void) => void;
const call = (client: grpc.Client, method: string, req: object) =>
  new Promise<Record<string, unknown>>((resolve, reject) =>
    ((client as unknown as Record<string, Unary>)[method]).call(client, req, (err, res) => (err ? reject(err) : resolve(res))),
  );

/** An independent client (grpc-js + the .proto files), proving the wire contract without Connect. */
describe('recipient service: gRPC wire compatibility', () => {
  let svc: TestRecipientService;
  let health: grpc.Client;
  let recipients: grpc.Client;

  beforeAll(async () => {
    svc = await startRecipientService('wire');
    const defs = protoLoader.loadSync(['grpc/health/v1/health.proto', 'herald/recipient/v1/recipient.proto'], {
      includeDirs: [PROTO_DIR],
      keepCase: true,
      longs: String,
      enums: String,
      defaults: true,
    });
    const pkg = grpc.loadPackageDefinition(defs) as unknown as {
      grpc: { health: { v1: { Health: grpc.ServiceClientConstructor } } };
      herald: { recipient: { v1: { RecipientService: grpc.ServiceClientConstructor } } };
    };
    const target = svc.baseUrl.replace('http://', '');
    health = new pkg.grpc.health.v1.Health(target, grpc.credentials.createInsecure());
    // The service token travels as call metadata, as any gRPC client would send it.
    const withToken: grpc.Interceptor = (options, nextCall) =>
      new grpc.InterceptingCall(nextCall(options), {
        start(metadata, listener, next) {
          metadata.set('authorization', `Bearer ${process.env.SERVICE_TOKEN}`);
          next(metadata, listener);
        },
      });
    recipients = new pkg.herald.recipient.v1.RecipientService(target, grpc.credentials.createInsecure(), { interceptors: [withToken] });
  });
  afterAll(async () => {
    health?.close();
    recipients?.close();
    await svc.close();
  });

  it('when grpc.health.v1.Health/Check is called, then it answers SERVING', async () => {
    expect(await call(health, 'Check', { service: '' })).toEqual({ status: 'SERVING' });
  });

  it('when CreateRecipient then GetRecipient are called, then the recipient comes back with snake_case fields', async () => {
    const project_id = String(svc.project());
    const created = await call(recipients, 'CreateRecipient', { project_id, id: 'wire-1', name: 'Wire' });
    expect(created.recipient).toMatchObject({ id: 'wire-1', name: 'Wire', created_at: { seconds: expect.any(String) } });
    const read = await call(recipients, 'GetRecipient', { project_id, id: 'wire-1' });
    expect(read.recipient).toMatchObject({ id: 'wire-1', name: 'Wire' });
  });

  it('when GetRecipient names an unknown id, then the status is NOT_FOUND with the fixed message', async () => {
    await expect(call(recipients, 'GetRecipient', { project_id: String(svc.project()), id: 'nobody' })).rejects.toMatchObject({
      code: grpc.status.NOT_FOUND,
      details: 'Recipient not found',
    });
  });
});
