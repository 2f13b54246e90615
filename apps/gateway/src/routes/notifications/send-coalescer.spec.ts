import { create } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import { ErrorInfoSchema, SendResponseSchema, type SendManyRequest, type SendRequest } from '@herald/contracts';
import { createSendCoalescer } from './send-coalescer';

const accepted = (id: number) => create(SendResponseSchema, { notification: { id: BigInt(id), recipientId: `r${id}`, status: 'enqueued' } });

describe('createSendCoalescer', () => {
  it('when sends arrive together, then they travel as one SendMany and each caller gets its own answer', async () => {
    const calls: number[] = [];
    const deliveries = {
      send: jest.fn(),
      sendMany: jest.fn(async (req: Partial<SendManyRequest>) => {
        calls.push(req.sends!.length);
        return { results: req.sends!.map((s, i) => ({ result: { case: 'accepted' as const, value: accepted(i + Number(s.projectId)) } })) };
      }),
    };
    const send = createSendCoalescer(deliveries as never, { lingerMs: 5 });
    const answers = await Promise.all([10, 20, 30].map((p) => send({ projectId: BigInt(p), recipientId: 'x' })));
    expect(calls).toEqual([3]);
    expect(answers.map((a) => Number(a.notification!.id))).toEqual([10, 21, 32]);
    expect(deliveries.send).not.toHaveBeenCalled();
  });

  it('when one item of a batch is refused, then only its caller gets the error, with its code and ErrorInfo', async () => {
    const deliveries = {
      send: jest.fn(),
      sendMany: jest.fn(async (req: Partial<SendManyRequest>) => ({
        results: req.sends!.map((s, i) =>
          s.recipientId === 'bad'
            ? { result: { case: 'error' as const, value: { code: Code.InvalidArgument, message: 'Validation failed', info: create(ErrorInfoSchema, { code: 'no_medium' }) } } }
            : { result: { case: 'accepted' as const, value: accepted(i) } },
        ),
      })),
    };
    const send = createSendCoalescer(deliveries as never, { lingerMs: 5 });
    const [ok, bad] = await Promise.allSettled([send({ recipientId: 'good' }), send({ recipientId: 'bad' })]);
    expect(ok.status).toBe('fulfilled');
    expect(bad.status).toBe('rejected');
    const err = (bad as PromiseRejectedResult).reason as ConnectError;
    expect(err.code).toBe(Code.InvalidArgument);
    expect(err.rawMessage).toBe('Validation failed');
    expect(err.findDetails(ErrorInfoSchema)[0].code).toBe('no_medium');
  });

  it('when the delivery service does not know SendMany (a rolling upgrade), then each item goes by Send, and later batches too', async () => {
    const deliveries = {
      send: jest.fn(async (req: Partial<SendRequest>) => accepted(Number(req.projectId))),
      sendMany: jest.fn(async () => {
        throw new ConnectError('unknown method', Code.Unimplemented);
      }),
    };
    const send = createSendCoalescer(deliveries as never, { lingerMs: 1 });
    expect((await Promise.all([send({ projectId: 1n }), send({ projectId: 2n })])).map((a) => Number(a.notification!.id))).toEqual([1, 2]);
    await send({ projectId: 3n });
    expect(deliveries.sendMany).toHaveBeenCalledTimes(1);
    expect(deliveries.send).toHaveBeenCalledTimes(3);
  });

  it('when the whole call fails, then every caller of that batch gets the error', async () => {
    const deliveries = { send: jest.fn(), sendMany: jest.fn(async () => Promise.reject(new ConnectError('delivery down', Code.Unavailable))) };
    const send = createSendCoalescer(deliveries as never, { lingerMs: 1 });
    const results = await Promise.allSettled([send({}), send({})]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
