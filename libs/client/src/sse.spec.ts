import { createSseParser, type StreamEvent } from './sse';

describe('the SSE parser', () => {
  const parse = (chunks: string[]) => {
    const events: StreamEvent[] = [];
    const p = createSseParser((e) => events.push(e));
    for (const c of chunks) p.push(c);
    return { events, lastEventId: p.lastEventId };
  };

  it('when events arrive split anywhere, with comments, CRLF and multi-line data, then each is emitted whole, once', () => {
    const text = ': heartbeat\r\n\r\nid: 7\r\nevent: unread_count\r\ndata: {"unread_count":\r\ndata: 3}\r\n\r\nid: 8\nevent: notification\ndata:{"id":1}\n\n';
    for (const size of [1, 2, 3, 7, text.length]) {
      const chunks = text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'))!;
      const { events, lastEventId } = parse(chunks);
      expect(events).toEqual([
        { id: '7', event: 'unread_count', data: '{"unread_count":\n3}' },
        { id: '8', event: 'notification', data: '{"id":1}' },
      ]);
      expect(lastEventId).toBe('8');
    }
  });

  it('when an event has no event field, then it is a message; an event without data is not emitted', () => {
    expect(parse(['data: x\n\n', 'event: lonely\n\n']).events).toEqual([{ id: null, event: 'message', data: 'x' }]);
  });

  it('when an event has no id field, then it carries the last id seen, as EventSource does; retry is read', () => {
    const events: StreamEvent[] = [];
    const p = createSseParser((e) => events.push(e));
    p.push('\uFEFFretry: 2000\rid: 4\revent: reset\rdata: {}\r\r');
    p.push('event: unread_count\ndata: {"unread_count":0}\n\n');
    expect(events).toEqual([
      { id: '4', event: 'reset', data: '{}' },
      { id: '4', event: 'unread_count', data: '{"unread_count":0}' },
    ]);
    expect(p.retry).toBe(2000);
  });

  it('when the stream ends inside an event, then that partial event is not emitted', () => {
    expect(parse(['id: 1\nevent: notification\ndata: {"id":1}\n']).events).toEqual([]);
  });
});
