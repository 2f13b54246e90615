import type { KeyScope } from './api-key';

/** Who is calling: a project API key, or a recipient token minted by the project. */
export type Principal =
  | { kind: 'key'; projectId: number; keyId: number; scope: KeyScope }
  | { kind: 'token'; projectId: number; recipientId: string; expiresAt: number; keyId: number; incarnation: number };

/**
 * What a route requires (route option `config.access`; absent means `full`):
 *  public    — no credential (health, docs, metrics)
 *  admin     — the operator's ADMIN_TOKEN
 *  full      — a Full access key
 *  recipient — a Full or Recipient access key, or a recipient token for the path's `recipient_id`
 */
export type Access = 'public' | 'admin' | 'full' | 'recipient';
