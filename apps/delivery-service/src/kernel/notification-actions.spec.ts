import { findAction, payloadActionViolations } from './notification-actions';

const ok = { id: 'approve', label: 'Approve' };

describe('payload actions', () => {
  it.each<[string, unknown, string[]]>([
    ['no actions', undefined, []],
    ['three actions, a url and a style', [ok, { id: 'open', label: 'Open', url: 'https://example.com/a', style: 'primary' }, { id: 'later', label: 'Later', style: 'secondary' }], []],
    ['an http url', [{ ...ok, url: 'http://example.com' }], []],
    ['four actions', [ok, { ...ok, id: 'b' }, { ...ok, id: 'c' }, { ...ok, id: 'd' }], ['payload.actions']],
    ['actions that are not a list', { ok }, ['payload.actions']],
    ['an action that is not an object', ['approve'], ['payload.actions[0]']],
    ['a javascript url', [{ ...ok, url: 'javascript:alert(1)' }], ['payload.actions[0].url']],
    ['a url that is not a url', [{ ...ok, url: 'example.com' }], ['payload.actions[0].url']],
    ['no label', [{ id: 'a' }], ['payload.actions[0].label']],
    ['an empty id', [{ ...ok, id: '' }], ['payload.actions[0].id']],
    ['an id of 65 characters', [{ ...ok, id: 'i'.repeat(65) }], ['payload.actions[0].id']],
    ['a repeated id', [ok, ok], ['payload.actions[1].id']],
    ['an unknown style', [{ ...ok, style: 'danger' }], ['payload.actions[0].style']],
  ])('when the payload has %s, then the violations name %j', (_name, actions, paths) => {
    const payload = actions === undefined ? {} : { actions };
    expect(payloadActionViolations(payload).map((v) => v.property_path)).toEqual(paths);
  });

  it('when an action id is looked up, then the stored payload answers it or undefined', () => {
    const payloadJson = JSON.stringify({ title: 't', actions: [ok] });
    expect(findAction(payloadJson, 'approve')).toEqual(ok);
    expect(findAction(payloadJson, 'reject')).toBeUndefined();
    expect(findAction(JSON.stringify({ title: 't' }), 'approve')).toBeUndefined();
    expect(findAction(null, 'approve')).toBeUndefined();
  });
});
