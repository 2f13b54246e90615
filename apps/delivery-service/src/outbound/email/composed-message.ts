import MimeNode, { type MimeNodeAddress } from 'nodemailer/lib/mime-node';
import * as base64 from 'nodemailer/lib/base64';
import * as qp from 'nodemailer/lib/qp';

/** What one mail says: its header fields and its two bodies. */
export interface MessageFields {
  from: string | MimeNodeAddress;
  replyTo?: string;
  to: string;
  subject: string;
  date: Date;
  messageId: string;
  /** Further header fields, in this order, before nodemailer's own. */
  headers: Record<string, string>;
  text: string;
  html: string;
}

/** A part's body in the transfer encoding nodemailer chose for it. */
function encodedBody(part: MimeNode, content: string): string {
  switch (part.getTransferEncoding()) {
    case 'quoted-printable':
      return qp.wrap(qp.encode(content), 76);
    case 'base64':
      return base64.wrap(base64.encode(content), 76);
    default:
      return content;
  }
}

/** The nodes of the bodies given: text/plain and text/html, an empty one left out (as nodemailer does). */
function bodyParts(fields: MessageFields, parent?: MimeNode): { node: MimeNode; content: string }[] {
  const node = (contentType: string) => (parent ? parent.createChild(contentType) : new MimeNode(contentType));
  const parts = [];
  if (fields.text) parts.push({ node: node('text/plain; charset=utf-8'), content: fields.text });
  if (fields.html) parts.push({ node: node('text/html; charset=utf-8'), content: fields.html });
  return parts;
}

/** The root node's header fields, as nodemailer's mail composer sets them. */
function setHeaders(root: MimeNode, fields: MessageFields): void {
  root.addHeader(fields.headers);
  root.setHeader('From', fields.from);
  root.setHeader('To', fields.to);
  if (fields.replyTo) root.setHeader('Reply-To', fields.replyTo);
  root.setHeader('Subject', fields.subject);
  root.setHeader('Message-ID', fields.messageId);
  root.setHeader('Date', fields.date);
}

/** One node's headers and body (its content set on it first: the transfer encoding depends on it). */
function partText(node: MimeNode, content: string): string {
  node.setContent(content);
  return `${node.buildHeaders()}\r\n\r\n${encodedBody(node, content)}`;
}

/** The message ending with a line break, as nodemailer ends every message it streams. */
const withLastLineBreak = (message: string) => (message.endsWith('\n') ? message : message.endsWith('\r') ? `${message}\n` : `${message}\r\n`);

/**
 * The whole message as one buffer, composed at once (nodemailer's mail composer builds the same tree
 * and streams it piece by piece, through timers and stream pipelines, at about twice the cost):
 * multipart/alternative with a text/plain and a text/html part, or the one part alone when the other
 * body is empty. Nodemailer's MIME nodes still build every header: its encoded words for non-ASCII
 * text and names, its folding of long lines, its removal of line breaks from values; the bodies take
 * its quoted-printable or base64 encoding, whichever the node chose (7bit text passes as it is).
 */
export function composeMessage(fields: MessageFields): Buffer {
  if (!fields.text || !fields.html) {
    const [single = { node: new MimeNode('text/plain'), content: '' }] = bodyParts(fields);
    setHeaders(single.node, fields);
    return Buffer.from(withLastLineBreak(partText(single.node, single.content)));
  }
  const root = new MimeNode('multipart/alternative');
  setHeaders(root, fields);
  let message = `${root.buildHeaders()}\r\n\r\n`;
  bodyParts(fields, root).forEach(({ node, content }, i) => {
    message += `${i > 0 ? '\r\n' : ''}--${root.boundary}\r\n${partText(node, content)}`;
  });
  return Buffer.from(`${message}\r\n--${root.boundary}--\r\n`);
}
