import { UsageError } from '../errors';
import type { Io } from '../io';
import { findDevCredentials } from './dev-credentials';
import { configPath, readConfig, type Profile } from './profiles';

export const DEFAULT_URL = 'http://127.0.0.1:8080';

/** Flags every command accepts (commander's camelCase names). */
export interface GlobalFlags {
  url?: string;
  key?: string;
  adminToken?: string;
  profile?: string;
  json?: boolean;
  showSecret?: boolean;
  progress?: boolean;
}

/** Where the CLI connects and with which credentials. */
export interface Connection {
  url: string;
  key?: string;
  adminToken?: string;
  projectId?: number;
  /** Where the base settings came from, for `herald login --status` and error hints. */
  source: string;
}

/**
 * Each setting, first found wins: flag, environment (`HERALD_URL`, `HERALD_KEY`,
 * `HERALD_ADMIN_TOKEN`), the selected profile of the config file (`--profile`, `HERALD_PROFILE`,
 * or the file's current profile), and, when no profile is configured, the dev credentials that
 * `npm start` writes into the checkout the CLI runs in (used only with their own base URL: a flag or
 * `HERALD_URL` naming another gateway gets none of their credentials).
 */
export function resolveConnection(flags: GlobalFlags, io: Io): Connection {
  const env = io.env;
  const config = readConfig(configPath(env));
  const named = flags.profile ?? env.HERALD_PROFILE;
  const profileName = named ?? config.current_profile;
  let base: Profile = {};
  let source = 'defaults';
  if (profileName !== undefined) {
    const profile = config.profiles[profileName];
    if (!profile && named !== undefined) {
      const known = Object.keys(config.profiles);
      throw new UsageError(`no profile "${profileName}" in ${configPath(env)}${known.length ? ` (profiles: ${known.join(', ')})` : ''}; run herald login --profile ${profileName}`);
    }
    if (profile) {
      base = profile;
      source = `profile ${profileName}`;
    }
  }
  const namedUrl = flags.url ?? env.HERALD_URL;
  if (source === 'defaults') {
    const dev = findDevCredentials(io.cwd);
    // The dev credentials go only to the gateway they were made by.
    if (dev && (namedUrl === undefined || sameBaseUrl(namedUrl, dev.credentials.base_url))) {
      const c = dev.credentials;
      base = { url: c.base_url, admin_token: c.admin_token, key: c.full_key, project_id: c.project_id };
      source = dev.file;
    }
  }
  const url = withoutTrailingSlash(namedUrl ?? base.url ?? DEFAULT_URL);
  if (!/^https?:\/\/[^/]/.test(url)) throw new UsageError(`the base URL must start with http:// or https:// (got "${url}")`);
  return {
    url,
    key: flags.key ?? env.HERALD_KEY ?? base.key,
    adminToken: flags.adminToken ?? env.HERALD_ADMIN_TOKEN ?? base.admin_token,
    projectId: base.project_id,
    source,
  };
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

function sameBaseUrl(a: string, b: string): boolean {
  try {
    return new URL(withoutTrailingSlash(a)).href === new URL(withoutTrailingSlash(b)).href;
  } catch {
    return false;
  }
}
