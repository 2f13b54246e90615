import { createPrivateKey } from 'node:crypto';
import type { DkimSettings } from './mailer';

/**
 * The DKIM settings of the configuration: all three of DKIM_DOMAIN, DKIM_SELECTOR and
 * DKIM_PRIVATE_KEY, or none (no signing). The key must parse as a PEM private key; anything else
 * stops the process at start rather than sending unsigned or badly signed mail. The key's text
 * never appears in an error.
 */
export function dkimSettings(config: { DKIM_DOMAIN: string; DKIM_SELECTOR: string; DKIM_PRIVATE_KEY: string }): DkimSettings | undefined {
  const given = [config.DKIM_DOMAIN, config.DKIM_SELECTOR, config.DKIM_PRIVATE_KEY].filter((v) => v !== '').length;
  if (given === 0) return undefined;
  if (given !== 3) throw new Error('invalid configuration: DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY go together (all three, or none)');
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i.test(config.DKIM_DOMAIN)) {
    throw new Error('invalid configuration: DKIM_DOMAIN must be a domain name');
  }
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(config.DKIM_SELECTOR)) {
    throw new Error('invalid configuration: DKIM_SELECTOR must be letters, digits, hyphens and dots');
  }
  const privateKey = config.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n');
  let type: string | undefined;
  try {
    type = createPrivateKey(privateKey).asymmetricKeyType;
  } catch {
    throw new Error('invalid configuration: DKIM_PRIVATE_KEY is not a PEM private key');
  }
  // nodemailer signs rsa-sha256 only.
  if (type !== 'rsa') throw new Error('invalid configuration: DKIM_PRIVATE_KEY must be an RSA key');
  return { domainName: config.DKIM_DOMAIN.toLowerCase(), keySelector: config.DKIM_SELECTOR, privateKey };
}
