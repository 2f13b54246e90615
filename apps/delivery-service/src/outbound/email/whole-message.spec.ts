import { Readable } from 'node:stream';
import { wholeMessage } from './whole-message';

describe('wholeMessage', () => {
  it('when a message is streamed in many pieces, then it is passed on as one chunk with the same bytes', async () => {
    const pieces = ['Subject: hello\r\n', 'MIME-Version: 1.0\r\n', '\r\n', Buffer.from('body line 1\r\n'), 'body line 2\r\n'];
    const out: Buffer[] = [];
    for await (const chunk of Readable.from(pieces).pipe(wholeMessage())) out.push(chunk as Buffer);
    expect(out).toHaveLength(1);
    expect(out[0].toString()).toBe('Subject: hello\r\nMIME-Version: 1.0\r\n\r\nbody line 1\r\nbody line 2\r\n');
  });
});
