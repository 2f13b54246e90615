import { createFakeClock } from '@herald/timing';
import { DeliveryFailure } from '../../kernel/outbound';
import { BoundedRequestError } from './bounded-request';
import { createHostBreakers } from './host-breakers';

const HOST = 'push.example:443';
const OTHER = 'fcm.googleapis.com';
const timedOut = () => Promise.reject(new BoundedRequestError('deadline', 'push service did not answer within 10000 ms (headers and body)'));
const tooLarge = () => Promise.reject(new BoundedRequestError('too_large', 'push service answered more than 64 KiB'));
const answered = () => Promise.resolve({ status: 201 });

describe('push endpoint host breakers', () => {
  const setup = () => {
    const clock = createFakeClock();
    return { clock, breakers: createHostBreakers({ consecutiveFailures: 3, halfOpenAfterMs: 30_000, clock }) };
  };

  it.each([
    ['the deadline', timedOut],
    ['the answer cap', tooLarge],
  ])('when a host hits %s three times in a row, then its next push fails at once as transient, without a request, with the wait', async (_what, giveUp) => {
    const { breakers } = setup();
    for (let i = 0; i < 3; i++) await expect(breakers.run(HOST, giveUp)).rejects.toBeInstanceOf(BoundedRequestError);
    const request = jest.fn(answered);
    const refused = await breakers.run(HOST, request).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DeliveryFailure);
    expect(refused).toMatchObject({ kind: 'transient', retryAfterMs: 30_000, message: expect.stringContaining(`${HOST} is backed off`) });
    expect(request).not.toHaveBeenCalled();
  });

  it('when one host is backed off, then another host is not', async () => {
    const { breakers } = setup();
    for (let i = 0; i < 3; i++) await breakers.run(HOST, timedOut).catch(() => undefined);
    await expect(breakers.run(OTHER, answered)).resolves.toEqual({ status: 201 });
  });

  it('when a host answers, whatever the status, then its failures in a row start over', async () => {
    const { breakers } = setup();
    for (let i = 0; i < 2; i++) await breakers.run(HOST, timedOut).catch(() => undefined);
    await breakers.run(HOST, () => Promise.resolve({ status: 503 }));
    await breakers.run(HOST, timedOut).catch(() => undefined);
    await expect(breakers.run(HOST, answered)).resolves.toEqual({ status: 201 });
  });

  it('when the back-off period has passed, then one push tries the host again and its answer ends the back-off', async () => {
    const { clock, breakers } = setup();
    for (let i = 0; i < 3; i++) await breakers.run(HOST, timedOut).catch(() => undefined);
    clock.advance(30_000);
    await expect(breakers.run(HOST, answered)).resolves.toEqual({ status: 201 });
    await expect(breakers.run(HOST, answered)).resolves.toEqual({ status: 201 });
  });
});
