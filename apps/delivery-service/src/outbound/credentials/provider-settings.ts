import { createHash, createPrivateKey } from 'node:crypto';
import { violation, type Violation } from '@herald/service-kit';

/** The providers a project may configure. */
export const PROVIDER_NAMES = ['fcm', 'apns', 'slack'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export const isProviderName = (name: string): name is ProviderName => (PROVIDER_NAMES as readonly string[]).includes(name);

/** A provider's validated settings: `stored` is sealed whole; `shown` is what may be read back. */
export interface ProviderSettings {
  stored: Record<string, string>;
  shown: Record<string, string>;
}

type Fields = Record<string, unknown>;
type Parse = (body: Fields) => ProviderSettings | Violation[];

const text = (body: Fields, field: string, pattern: RegExp, rule: string, problems: Violation[], path = field): string => {
  const value = body[field];
  if (typeof value === 'string' && pattern.test(value)) return value;
  problems.push(violation(path, `${path} ${rule}`, value));
  return '';
};

/** True when `pem` is a private key of the given type (and curve, for EC keys). */
function isPrivateKey(pem: string, type: 'rsa' | 'ec'): boolean {
  try {
    const key = createPrivateKey(pem);
    return key.asymmetricKeyType === type && (type === 'rsa' || key.asymmetricKeyDetails?.namedCurve === 'prime256v1');
  } catch {
    return false;
  }
}

/** FCM: the service account JSON Google gives (an object or its text); token_uri may point elsewhere (the local fake). */
const parseFcm: Parse = (body) => {
  let account = body.service_account;
  if (typeof account === 'string') {
    try {
      account = JSON.parse(account);
    } catch {
      return [violation('service_account', 'service_account must be the service account JSON', null)];
    }
  }
  if (typeof account !== 'object' || account === null || Array.isArray(account)) return [violation('service_account', 'service_account must be the service account JSON', null)];
  const sa = account as Fields;
  const problems: Violation[] = [];
  const projectId = text(sa, 'project_id', /^[a-z][a-z0-9-]{3,62}$/, 'must be a Firebase project id', problems, 'service_account.project_id');
  const clientEmail = text(sa, 'client_email', /^[^@\s]+@[^@\s]+$/, 'must be the service account email', problems, 'service_account.client_email');
  const privateKey = typeof sa.private_key === 'string' && isPrivateKey(sa.private_key, 'rsa') ? sa.private_key : '';
  if (!privateKey) problems.push(violation('service_account.private_key', 'service_account.private_key must be the account RSA private key (PEM)', null));
  const tokenUri = sa.token_uri === undefined ? 'https://oauth2.googleapis.com/token' : text(sa, 'token_uri', /^https?:\/\/\S+$/, 'must be an http(s) URL', problems, 'service_account.token_uri');
  if (problems.length > 0) return problems;
  return {
    stored: { project_id: projectId, client_email: clientEmail, private_key: privateKey, token_uri: tokenUri },
    shown: { project_id: projectId, client_email: clientEmail, token_uri: tokenUri },
  };
};

/** APNs token authentication: the .p8 key, its key id, the team id, the app's bundle id and the environment. */
const parseApns: Parse = (body) => {
  const problems: Violation[] = [];
  const keyId = text(body, 'key_id', /^[A-Z0-9]{10}$/, 'must be the 10-character key id', problems);
  const teamId = text(body, 'team_id', /^[A-Z0-9]{10}$/, 'must be the 10-character team id', problems);
  const bundleId = text(body, 'bundle_id', /^[A-Za-z0-9.-]{1,155}$/, "must be the app's bundle id", problems);
  const environment = text(body, 'environment', /^(sandbox|production)$/, 'must be sandbox or production', problems);
  const key = typeof body.key_p8 === 'string' && isPrivateKey(body.key_p8, 'ec') ? body.key_p8 : '';
  if (!key) problems.push(violation('key_p8', 'key_p8 must be the .p8 signing key (an EC P-256 private key, PEM)', null));
  if (problems.length > 0) return problems;
  return {
    stored: { key_p8: key, key_id: keyId, team_id: teamId, bundle_id: bundleId, environment },
    shown: { key_id: keyId, team_id: teamId, bundle_id: bundleId, environment },
  };
};

/** Slack: the app's bot token. */
const parseSlack: Parse = (body) => {
  const problems: Violation[] = [];
  const token = typeof body.bot_token === 'string' && /^xoxb-[A-Za-z0-9-]{10,250}$/.test(body.bot_token) ? body.bot_token : '';
  if (!token) problems.push(violation('bot_token', 'bot_token must be a Slack bot token (xoxb-…)', null));
  return problems.length > 0 ? problems : { stored: { bot_token: token }, shown: {} };
};

const PARSERS: Record<ProviderName, Parse> = { fcm: parseFcm, apns: parseApns, slack: parseSlack };

/** The settings of `name` from a JSON object, or why they are refused (secrets never echoed back). */
export function parseProviderSettings(name: ProviderName, json: string): ProviderSettings | Violation[] {
  let body: unknown;
  try {
    body = JSON.parse(json);
  } catch {
    return [violation('', 'the body must be a JSON object', null)];
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [violation('', 'the body must be a JSON object', null)];
  return PARSERS[name](body as Fields);
}

/** Tells two stored settings apart without showing them: 16 hex digits of their SHA-256. */
export const fingerprintOf = (stored: Record<string, string>): string => createHash('sha256').update(JSON.stringify(stored)).digest('hex').slice(0, 16);
