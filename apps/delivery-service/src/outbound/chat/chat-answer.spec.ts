import { retryAfterMs, slackApiResult } from './chat-answer';

const answer = (body: unknown) => ({ status: 200, headers: {}, body: JSON.stringify(body) });
const kindOf = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (err) {
    return (err as { kind: string }).kind;
  }
};

describe('chat answers', () => {
  it.each([
    ['2', 2_000],
    ['0.5', 500],
    [['3'], 3_000],
    [new Date(Date.UTC(2026, 0, 1, 0, 0, 7)).toUTCString(), 7_000],
    ['soon', undefined],
    [undefined, undefined],
  ])('when Retry-After is %j, then the wait is %j ms', (header, ms) => {
    expect(retryAfterMs(header, Date.UTC(2026, 0, 1))).toBe(ms);
  });

  it.each([
    [{ ok: true, ts: '1.2' }, null],
    [{ ok: false, error: 'channel_not_found' }, 'address_rejected'],
    [{ ok: false, error: 'invalid_auth' }, 'transient'],
    [{ ok: false, error: 'msg_too_long' }, 'rejected'],
  ])('when Slack answers %j, then the failure is %s', (body, kind) => {
    expect(kindOf(() => slackApiResult(answer(body)))).toBe(kind);
  });

  it('when Slack answers ok, then its ts is the message id', () => {
    expect(slackApiResult(answer({ ok: true, ts: '1700000000.123456' }))).toEqual({ messageId: '1700000000.123456' });
  });
});
