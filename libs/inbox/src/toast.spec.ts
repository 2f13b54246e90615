import { DEFAULT_TOAST_SECONDS, toastSeconds } from './toast';

describe('toastSeconds', () => {
  it.each([
    [null, DEFAULT_TOAST_SECONDS],
    ['', DEFAULT_TOAST_SECONDS],
    ['abc', DEFAULT_TOAST_SECONDS],
    ['0', DEFAULT_TOAST_SECONDS],
    ['-2', DEFAULT_TOAST_SECONDS],
    ['2', 2],
    ['1.5', 1.5],
  ])('when the attribute is %p, then a toast stays %p seconds', (value, seconds) => {
    expect(toastSeconds(value)).toBe(seconds);
  });
});
