import { create } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import { ErrorInfoSchema, type RecordSmsStatusesRequest, type RecordSmsStatusRequest } from '@herald/contracts';
import { createSmsStatusCoalescer } from './sms-status-coalescer';

/** A delivery service whose batch call answers NotFound `callback_token_invalid` for a token `forged`, `changed` for the others. */
const deliveriesAnswering = () => ({
  recordSmsStatus: jest.fn(async (req: Partial<RecordSmsStatusRequest>) => ({ changed: req.status === 'delivered' })),
  recordSmsStatuses: jest.fn(async (req: Partial<RecordSmsStatusesRequest>) => ({
    results: req.reports!.map((r) =>
      r.token === 'forged'
        ? { result: { case: 'error' as const, value: { code: Code.NotFound, message: 'This status callback URL is not valid', info: create(ErrorInfoSchema, { code: 'callback_token_invalid' }) } } }
        : { result: { case: 'recorded' as const, value: { changed: r.status === 'delivered' } } },
    ),
  })),
});

describe('createSmsStatusCoalescer', () => {
  it('when callbacks arrive together, one of them forged, then they travel as one RecordSmsStatuses and only the forged one gets NotFound (404 at the route)', async () => {
    const deliveries = deliveriesAnswering();
    const record = createSmsStatusCoalescer(deliveries as never, { lingerMs: 5 });
    const [a, forged, b] = await Promise.allSettled([
      record({ token: 'a', messageSid: 'SM1', status: 'delivered' }),
      record({ token: 'forged', messageSid: 'SM2', status: 'delivered' }),
      record({ token: 'b', messageSid: 'SM3', status: 'sent' }),
    ]);
    expect(deliveries.recordSmsStatuses).toHaveBeenCalledTimes(1);
    expect(deliveries.recordSmsStatuses.mock.calls[0][0].reports!.map((r) => r.token)).toEqual(['a', 'forged', 'b']);
    expect([a, b].map((r) => (r as PromiseFulfilledResult<{ changed: boolean }>).value.changed)).toEqual([true, false]);
    const err = (forged as PromiseRejectedResult).reason as ConnectError;
    expect([err.code, err.findDetails(ErrorInfoSchema)[0].code]).toEqual([Code.NotFound, 'callback_token_invalid']);
    expect(deliveries.recordSmsStatus).not.toHaveBeenCalled();
  });

  it('when the batch cannot be recorded, then every callback of it gets that error (each provider retries its own)', async () => {
    const deliveries = { ...deliveriesAnswering(), recordSmsStatuses: jest.fn(async () => Promise.reject(new ConnectError('store down', Code.Unavailable))) };
    const record = createSmsStatusCoalescer(deliveries as never, { lingerMs: 5 });
    const results = await Promise.allSettled(['a', 'b', 'c'].map((token) => record({ token, messageSid: 'SM1', status: 'delivered' })));
    expect(deliveries.recordSmsStatuses).toHaveBeenCalledTimes(1);
    expect(results.map((r) => (r.status === 'rejected' ? (r.reason as ConnectError).code : r.status))).toEqual([Code.Unavailable, Code.Unavailable, Code.Unavailable]);
  });

  it('when the delivery service does not know RecordSmsStatuses (a rolling upgrade), then each callback goes by RecordSmsStatus, later ones too', async () => {
    const deliveries = { ...deliveriesAnswering(), recordSmsStatuses: jest.fn(async () => Promise.reject(new ConnectError('unknown method', Code.Unimplemented))) };
    const record = createSmsStatusCoalescer(deliveries as never, { lingerMs: 1 });
    expect((await Promise.all(['delivered', 'sent'].map((status) => record({ token: 't', messageSid: 'SM1', status })))).map((r) => r.changed)).toEqual([true, false]);
    await record({ token: 't', messageSid: 'SM1', status: 'delivered' });
    expect(deliveries.recordSmsStatuses).toHaveBeenCalledTimes(1);
    expect(deliveries.recordSmsStatus).toHaveBeenCalledTimes(3);
  });
});
