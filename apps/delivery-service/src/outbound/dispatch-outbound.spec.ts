import { createFakeClock } from '@herald/service-kit';
import type { TimerDoc } from '../kernel/store/timer-repository';
import { dispatchOutbound, type OutboundToDispatch } from './dispatch-outbound';

/** Job and timer ports that record what they were handed. */
function ports() {
  const published: string[] = [];
  const timers: TimerDoc[] = [];
  return {
    published,
    timers,
    deps: {
      jobs: { outbound: async (medium: string, _projectId: number | bigint, id: number) => void published.push(`${medium}:${id}`) },
      timers: { schedule: async (docs: TimerDoc[]) => void timers.push(...docs) },
    } as never,
  };
}

describe('dispatching outbound messages', () => {
  it('when an email asks for a delay (an escalation), then it gets a timer due that delay after the in-app delivery and no job yet; the others go at once', async () => {
    const clock = createFakeClock();
    const deliveredAt = clock.date();
    const p = ports();
    const items: OutboundToDispatch[] = [
      { medium: 'email', projectId: 1, id: 10, delaySeconds: 6 },
      { medium: 'email', projectId: 1, id: 11, delaySeconds: 0 },
      { medium: 'sms', projectId: 1, id: 10, delaySeconds: 0 },
    ];
    clock.advance(250); // the dispatch runs a little after the delivery: the delay counts from the delivery
    await dispatchOutbound(p.deps, items, () => deliveredAt);
    expect(p.published.sort()).toEqual(['email:11', 'sms:10']);
    expect(p.timers).toEqual([{ _id: 'email:10', kind: 'email', project_id: 1, ref: 10, due_ms: deliveredAt.getTime() + 6_000, created_at: deliveredAt }]);
  });

  it('when an SMS carries a delay, then it still goes at once (escalation delays email only)', async () => {
    const p = ports();
    await dispatchOutbound(p.deps, [{ medium: 'sms', projectId: 1, id: 12, delaySeconds: 6 }], () => new Date());
    expect(p.published).toEqual(['sms:12']);
    expect(p.timers).toEqual([]);
  });
});
