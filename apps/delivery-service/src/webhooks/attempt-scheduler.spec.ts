import { createAttemptScheduler, type SchedulerLimits } from './attempt-scheduler';

const limits: SchedulerLimits = { total: 4, perProject: 2, perEndpoint: 1, queuedPerProject: 3, queuedPerEndpoint: 2, queuedTotal: 5 };

/** A scheduler whose tasks run until the test finishes them; `started` lists them in start order. */
function harness(l: SchedulerLimits = limits) {
  const s = createAttemptScheduler(l);
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const offer = (name: string, projectId: number, webhookId: number) =>
    s.offer({
      projectId,
      webhookId,
      run: () =>
        new Promise<void>((r) => {
          started.push(name);
          finishers.set(name, r);
        }),
    });
  const finish = async (name: string) => {
    finishers.get(name)!();
    await new Promise((r) => setImmediate(r));
  };
  return { s, started, offer, finish };
}

describe('webhook attempt scheduler', () => {
  it('when one project has many attempts waiting, then it holds at most its share of the slots and another project starts at once', () => {
    const { s, started, offer } = harness({ ...limits, perEndpoint: 10 });
    for (let i = 0; i < 3; i++) offer(`a${i}`, 1, 10 + i);
    expect(started).toEqual(['a0', 'a1']);
    offer('b0', 2, 20);
    offer('b1', 2, 21);
    expect(started).toEqual(['a0', 'a1', 'b0', 'b1']);
    expect(s.active).toBe(4);
  });

  it('when an endpoint has its slot taken, then attempts of the project to other endpoints go first', () => {
    const { started, offer } = harness();
    offer('x0', 1, 10);
    offer('x1', 1, 10);
    offer('y0', 1, 11);
    expect(started).toEqual(['x0', 'y0']);
  });

  it('when slots free up, then projects take turns', async () => {
    const { started, offer, finish } = harness({ ...limits, total: 1, perEndpoint: 10 });
    offer('a0', 1, 10);
    offer('a1', 1, 10);
    offer('a2', 1, 10);
    offer('b0', 2, 20);
    offer('b1', 2, 20);
    for (const n of ['a0', 'a1', 'b0', 'a2']) await finish(n);
    expect(started).toEqual(['a0', 'a1', 'b0', 'a2', 'b1']);
  });

  it.each([
    ['the project queue is full', [1, 2, 3, 4, 5], 5, [true, true, true, true, true, false]],
    ['the endpoint queue is full', [7, 7, 7, 7, 7], 7, [true, true, true, true, false, false]],
  ])('when %s, then offer refuses (the caller writes the attempt down for later)', (_, endpoints, last, want) => {
    const { offer } = harness({ ...limits, perProject: 2, perEndpoint: 2 });
    const got = [...endpoints, last].map((e, i) => offer(`t${i}`, 1, e));
    expect(got).toEqual(want);
  });

  it('when attempts wait, then roomFor and full say how many more are worth taking (free slots plus one round)', () => {
    const { s, offer } = harness({ ...limits, total: 10, perProject: 2, perEndpoint: 2, queuedPerProject: 10, queuedPerEndpoint: 10 });
    expect(s.roomFor(1, 10)).toBe(4);
    offer('a0', 1, 10);
    offer('a1', 1, 10);
    offer('a2', 1, 10);
    expect(s.roomFor(1, 10)).toBe(1);
    expect(s.roomFor(1, 11)).toBe(1);
    expect(s.roomFor(2, 20)).toBe(4);
    offer('a3', 1, 11);
    expect(s.roomFor(1, 12)).toBe(0);
    expect(s.full()).toEqual({ projects: [1], webhooks: [] });
  });

  it('when the waiting attempts reach the total bound, then room() waits until one starts; idle() when all ended', async () => {
    const { s, offer, finish } = harness({ ...limits, total: 1, perProject: 1, perEndpoint: 1, queuedPerProject: 10, queuedPerEndpoint: 10, queuedTotal: 2 });
    offer('a0', 1, 10);
    offer('a1', 1, 10);
    offer('a2', 1, 10);
    expect(s.hasRoom()).toBe(false);
    let roomy = false;
    void s.room().then(() => (roomy = true));
    let idle = false;
    void s.idle().then(() => (idle = true));
    await finish('a0');
    expect(roomy).toBe(true);
    await finish('a1');
    await finish('a2');
    expect(idle).toBe(true);
  });
});
