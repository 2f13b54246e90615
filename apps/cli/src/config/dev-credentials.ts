import fs from 'node:fs';
import path from 'node:path';

/** `.local/dev-credentials.json` as `npm start` writes it (scripts/start.mjs). */
export interface DevCredentials {
  base_url: string;
  admin_token: string;
  project_id: number;
  full_key: string;
  recipient_key: string;
  /** The checkout the file was written for (its absolute path). */
  project_root: string;
}

/**
 * The dev credentials of the Herald checkout that holds `cwd`, if `npm start` has written them.
 * The checkout is the nearest directory above `cwd` with a package.json (the checkout's own
 * workspace packages, `@herald/…`, are looked through); its file is used only when it names that
 * very directory as its `project_root`, so a file copied elsewhere, or a checkout around another
 * project, gives nothing.
 */
export function findDevCredentials(cwd: string): { file: string; credentials: DevCredentials } | undefined {
  const root = projectRoot(cwd);
  if (root === undefined || packageName(root) !== 'herald') return undefined;
  const file = path.join(root, '.local', 'dev-credentials.json');
  try {
    const credentials = JSON.parse(fs.readFileSync(file, 'utf8')) as DevCredentials;
    if (typeof credentials.base_url !== 'string' || typeof credentials.project_root !== 'string') return undefined;
    return sameDirectory(credentials.project_root, root) ? { file, credentials } : undefined;
  } catch {
    // missing, unreadable or half-written: act as if there were none
    return undefined;
  }
}

function projectRoot(cwd: string): string | undefined {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    const name = packageName(dir);
    if (name !== undefined && !name.startsWith('@herald/')) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The `name` of the directory's package.json; undefined when it has none (or an unreadable one). */
function packageName(dir: string): string | undefined {
  try {
    const { name } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: unknown };
    return typeof name === 'string' ? name : '';
  } catch {
    return undefined;
  }
}

function sameDirectory(a: string, b: string): boolean {
  try {
    return fs.realpathSync(a) === fs.realpathSync(b);
  } catch {
    return false;
  }
}
