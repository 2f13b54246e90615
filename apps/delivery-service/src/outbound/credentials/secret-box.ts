import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Seals secrets with AES-256-GCM; `context` (e.g. the project and provider) is bound as additional data, so a sealed value opens only where it was sealed. */
export interface SecretBox {
  seal(plain: string, context: string): string;
  /** Throws when the value was not sealed with this key and context. */
  open(sealed: string, context: string): string;
}

const FORMAT = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A 32-byte key written as 64 hex digits or base64; null when the text is not one. */
export function parseSecretKey(text: string): Buffer | null {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  return key.length === 32 ? key : null;
}

export function createSecretBox(key: Buffer): SecretBox {
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${FORMAT}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed, context) {
      const [format, data] = sealed.split(':');
      if (format !== FORMAT || !data) throw new Error('not a sealed secret');
      const raw = Buffer.from(data, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES)).setAAD(Buffer.from(context));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}
