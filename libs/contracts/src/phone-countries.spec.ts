import { callingCodeAllowed, countryCallingCode } from './phone-countries';

describe('countryCallingCode', () => {
  it.each([
    ['+12025550100', '1'],
    ['+79161234567', '7'],
    ['+4915112345678', '49'],
    ['+447700900123', '44'],
    ['+353861234567', '353'],
    ['+2347012345678', '234'],
    ['+8801712345678', '880'],
    ['+882123456789', '882'],
  ])('when the number is %s, then its calling code is %s', (number, code) => {
    expect(countryCallingCode(number)).toBe(code);
  });
});

describe('callingCodeAllowed', () => {
  it.each([
    ['+4915112345678', [], true],
    ['+4915112345678', ['49'], true],
    ['+4915112345678', ['4'], false],
    ['+353861234567', ['35'], false],
    ['+353861234567', ['353', '1'], true],
    ['+12025550100', ['49', '44'], false],
  ])('when %s is checked against %j, then it is allowed: %s', (number, allowed, expected) => {
    expect(callingCodeAllowed(number, allowed)).toBe(expected);
  });
});
