import { textOf } from './mailer';

describe('textOf', () => {
  it('when html has paragraphs and a link, then the text keeps the words and the address', () => {
    const text = textOf('<h1>Hello</h1><p>Your <b>order</b> shipped.</p><a href="https://x.test/o/1">Track</a>');
    expect(text).toContain('HELLO');
    expect(text).toContain('Your order shipped.');
    expect(text).toContain('https://x.test/o/1');
    expect(text).not.toContain('<');
  });
});
