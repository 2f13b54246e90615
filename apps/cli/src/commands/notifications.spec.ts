import { outcomeText } from './notifications';

describe('outcomeText', () => {
  it.each([
    [{ status: 'sent', reason: null, address: 'a@example.com', error: null }, 'sent · a@example.com'],
    [{ status: 'delivered', reason: null, address: '+15550100', error: null }, 'delivered · +15550100'],
    [{ status: 'skipped', reason: 'no_primary_contact', address: null, error: null }, 'skipped · no_primary_contact'],
    [null, ''],
    [undefined, ''],
  ])('when a medium outcome is %p, then the line reads %p', (outcome, text) => {
    expect(outcomeText(outcome)).toBe(text);
  });
});
