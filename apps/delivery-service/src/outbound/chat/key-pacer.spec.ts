import { createFakeClock } from '@herald/service-kit';
import { createKeyPacer } from './key-pacer';

describe('key pacer', () => {
  const setup = () => {
    const clock = createFakeClock();
    return { clock, pacer: createKeyPacer({ intervalMs: 1_000, clock }) };
  };

  it('when a channel sends twice within the interval, then the second waits for the rest of it', () => {
    const { clock, pacer } = setup();
    expect(pacer.reserve('C1')).toBe(0);
    clock.advance(300);
    expect(pacer.reserve('C1')).toBe(700);
    expect(pacer.reserve('C1')).toBe(700);
  });

  it('when the interval has passed, then the channel may send again', () => {
    const { clock, pacer } = setup();
    pacer.reserve('C1');
    clock.advance(1_000);
    expect(pacer.reserve('C1')).toBe(0);
  });

  it('when one channel is waiting, then other channels send at once', () => {
    const { pacer } = setup();
    expect(pacer.reserve('C1')).toBe(0);
    expect(pacer.reserve('C1')).toBe(1_000);
    expect(['C2', 'C3', 'p2:C1'].map((k) => pacer.reserve(k))).toEqual([0, 0, 0]);
  });

  it('when a channel is refused, then its slot is not taken: it goes at the time it was told', () => {
    const { clock, pacer } = setup();
    pacer.reserve('C1');
    clock.advance(999);
    expect(pacer.reserve('C1')).toBe(1);
    clock.advance(1);
    expect(pacer.reserve('C1')).toBe(0);
  });

  it('when channels have been quiet for an interval, then they are forgotten', () => {
    const { clock, pacer } = setup();
    for (const k of ['a', 'b', 'c']) pacer.reserve(k);
    clock.advance(1_000);
    pacer.reserve('d');
    expect(pacer.size).toBe(1);
  });
});
