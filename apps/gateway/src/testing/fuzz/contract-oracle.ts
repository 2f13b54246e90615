/**
 * The contract's rules the fuzz suite checks responses against, written from the published contract (the OpenAPI document and docs/),
 * not from the gateway's code.
 */

export type Family = 'message' | 'error';

/** The error body family of a path (raw path, before any query). */
export function familyOf(method: string, rawPath: string): Family {
  if (/^\/(preferences|admin)(\/|$)/.test(rawPath)) return 'error';
  if (method === 'PUT' && /^\/recipients\/[^/]*\/contacts\/?$/.test(rawPath)) return 'error';
  return 'message';
}

export const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

/** A problem with an error body, or null when it is in the family with a snake_case code. */
export function errorBodyProblem(family: Family, body: unknown): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return `error body is not a JSON object: ${JSON.stringify(body)?.slice(0, 200)}`;
  const b = body as Record<string, unknown>;
  const [code, sentence] = family === 'message' ? [b.code, b.message] : [b.error, b.details];
  if (typeof sentence !== 'string' || sentence.length === 0) return `not in the ${family} family: ${JSON.stringify(body).slice(0, 200)}`;
  if (typeof code !== 'string' || !SNAKE_CASE.test(code)) return `code is not snake_case in the ${family} family: ${JSON.stringify(body).slice(0, 200)}`;
  if (b.errors !== undefined && !Array.isArray(b.errors)) return `errors is not an array: ${JSON.stringify(body).slice(0, 200)}`;
  return null;
}

/**
 * Operations a Recipient-access key (and a recipient token, for its own recipient) may use:
 * the documented "Full access or Recipient access" rules (retrieve recipient, and
 * everything under /recipients/{id}/notifications, a recipient's lists). Templates as in the OpenAPI document.
 */
const RECIPIENT_SCOPE: Array<[string[], RegExp]> = [
  [['GET'], /^\/recipients\/\{recipient_id\}$/],
  [['POST', 'GET', 'PUT'], /^\/recipients\/\{recipient_id\}\/contacts$/],
  [['PATCH'], /^\/recipients\/\{recipient_id\}\/contacts\/\{contact_id\}$/],
  [['POST'], /^\/recipients\/\{recipient_id\}\/contacts\/\{contact_id\}\/confirm$/],
  [['POST', 'GET'], /^\/recipients\/\{recipient_id\}\/devices$/],
  [['DELETE'], /^\/recipients\/\{recipient_id\}\/devices\/\{device_id\}$/],
  [['PATCH', 'GET'], /^\/recipients\/\{recipient_id\}\/preferences$/],
  [['GET'], /^\/recipients\/\{recipient_id\}\/preferences\/check$/],
  [['GET', 'POST', 'PATCH', 'PUT', 'DELETE'], /^\/recipients\/\{recipient_id\}\/notifications(\/.*)?$/],
  [['GET'], /^\/recipients\/\{recipient_id\}\/lists$/],
  [['PUT', 'DELETE'], /^\/recipients\/\{recipient_id\}\/lists\/\{list_key\}$/],
];

export const recipientScopeAllows = (method: string, template: string) =>
  RECIPIENT_SCOPE.some(([methods, path]) => methods.includes(method) && path.test(template));

export type CredentialKind = 'full' | 'recipient-key' | 'token' | 'admin' | 'none' | 'garbage' | 'full-on-wrong-scheme';

export type RouteAccess = 'public' | 'admin' | 'project';

/**
 * Whether the contract lets this credential succeed on this operation (a 2xx is allowed, not
 * required). `recipientInPath` is the decoded `recipient_id` of the request, `tokenRecipient` the
 * recipient the token was minted for.
 */
export function mayAccept(
  access: RouteAccess,
  credential: CredentialKind,
  method: string,
  template: string,
  recipientInPath: string | undefined,
  tokenRecipient: string,
): boolean {
  if (access === 'public') return true;
  if (access === 'admin') return credential === 'admin';
  switch (credential) {
    case 'full':
      return true;
    case 'recipient-key':
      return recipientScopeAllows(method, template);
    case 'token':
      return recipientScopeAllows(method, template) && recipientInPath === tokenRecipient;
    default:
      return false;
  }
}
