import { emailPending, emailSkipped } from '../kernel/notification';
import { outsideSmsCountries } from './sms-countries';

describe('sms numbers outside the project\'s countries', () => {
  const pending = (address: string) => ({ ...emailPending(), address });

  it.each([
    ['a number of a listed country', 'sms', pending('+447700900123'), ['44', '1'], null],
    ['a number of another country', 'sms', pending('+4915112345678'), ['44', '1'], emailSkipped('sms_country_not_allowed', '+4915112345678')],
    ['any number, no list', 'sms', pending('+4915112345678'), [], null],
    ['an already skipped sms', 'sms', emailSkipped('contact_unconfirmed', '+4915112345678'), ['44'], null],
    ['another medium', 'email', pending('ada@example.com'), ['44'], null],
  ] as const)('%s', (_name, medium, outcome, codes, expected) => {
    expect(outsideSmsCountries(medium, outcome, codes)).toEqual(expected);
  });
});
