import { Transform } from 'node:stream';

/**
 * Passes a composed message on as one chunk. Nodemailer streams a message in many small pieces
 * (header lines, boundaries, encoded lines), and its SMTP connection writes each piece to the socket
 * on its own: one system call each, the largest single cost of the email sender's process. Collected
 * first, the message leaves in one write (and DKIM signing, which comes after, keeps one chunk).
 * One per message: it holds that message until its end.
 */
export function wholeMessage(): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      done();
    },
    flush(done) {
      done(null, Buffer.concat(chunks));
    },
  });
}
