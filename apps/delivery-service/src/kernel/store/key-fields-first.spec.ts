import { keyFieldsFirst } from './key-fields-first';

describe('key fields first', () => {
  it('when a notification is stored, then _id and the fields its indexes key on come first, the others after in their order, nothing added or changed', () => {
    const doc = { _id: 9, payload_json: null, email: { status: 'pending' }, recipient_id: 'r1', decision: {}, target: { channel: 'c' }, project_id: 7, created_at: new Date(0), status: 'delivered', opened: false };
    const stored = keyFieldsFirst(doc);
    expect(Object.keys(stored)).toEqual(['_id', 'project_id', 'recipient_id', 'status', 'created_at', 'target', 'payload_json', 'email', 'decision', 'opened']);
    expect(stored).toEqual(doc);
  });

  it('when a key field is absent, then it stays absent (not written as null)', () => {
    expect('snoozed' in keyFieldsFirst({ _id: 1, project_id: 7 })).toBe(false);
  });
});
