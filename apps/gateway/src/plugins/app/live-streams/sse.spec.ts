import { corsOrigins } from '../../external/cors';
import { parseLastEventId, sseEvent } from './sse';

describe('SSE framing and settings', () => {
  it('when an event is framed, then it has its name, id and one JSON data line, ended by a blank line', () => {
    expect(sseEvent('unread_count', 42, { unread_count: 3 })).toBe('event: unread_count\nid: 42\ndata: {"unread_count":3}\n\n');
    expect(sseEvent('notification', 1, { body: 'two\nlines' }).split('\n').filter((l) => l.startsWith('data:'))).toHaveLength(1);
  });

  it('when Last-Event-ID is read, then only a plain non-negative integer is a position', () => {
    expect(parseLastEventId('17')).toBe(17);
    expect(parseLastEventId(' 17 ')).toBe(17);
    expect(parseLastEventId(['5', '6'])).toBe(5);
    for (const bad of [undefined, '', '-1', '1.5', 'abc', '1e3', '9'.repeat(16)]) expect(parseLastEventId(bad)).toBeNull();
  });

  it('when CORS_ORIGINS is read, then empty is no browser access, * any origin, else the exact list', () => {
    expect(corsOrigins('')).toBe(false);
    expect(corsOrigins(' , ')).toBe(false);
    expect(corsOrigins('*')).toBe('*');
    expect(corsOrigins('https://a.example, https://b.example/')).toEqual(['https://a.example', 'https://b.example']);
  });
});
