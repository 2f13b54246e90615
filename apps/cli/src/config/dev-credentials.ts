import fs from 'node:fs';
import path from 'node:path';

/** `.local/dev-credentials.json` as `npm start` writes it (scripts/start.mjs). */
export interface DevCredentials {
  base_url: string;
  admin_token: string;
  project_id: number;
  full_key: string;
  recipient_key: string;
}

/** The dev credentials of the Herald checkout that holds `cwd`, if `npm start` has written them. */
export function findDevCredentials(cwd: string): { file: string; credentials: DevCredentials } | undefined {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    const file = path.join(dir, '.local', 'dev-credentials.json');
    if (fs.existsSync(file) && isHeraldCheckout(dir)) {
      try {
        const credentials = JSON.parse(fs.readFileSync(file, 'utf8')) as DevCredentials;
        if (typeof credentials.base_url === 'string') return { file, credentials };
      } catch {
        // unreadable or half-written: act as if there were none
      }
      return undefined;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

function isHeraldCheckout(dir: string): boolean {
  try {
    return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string }).name === 'herald';
  } catch {
    return false;
  }
}
