import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** One named set of connection settings, as `herald login` writes it. */
export interface Profile {
  url?: string;
  admin_token?: string;
  key?: string;
  project_id?: number;
}

export interface ConfigFile {
  current_profile?: string;
  profiles: Record<string, Profile>;
}

/**
 * The configuration directory: `HERALD_CONFIG_DIR`, else `$XDG_CONFIG_HOME/herald`, else
 * `%APPDATA%\herald` on Windows, else `~/.config/herald` (as gh and most Node CLIs do on macOS too).
 */
export function configDir(env: Record<string, string | undefined>): string {
  if (env.HERALD_CONFIG_DIR) return env.HERALD_CONFIG_DIR;
  if (env.XDG_CONFIG_HOME) return path.join(env.XDG_CONFIG_HOME, 'herald');
  if (process.platform === 'win32' && env.APPDATA) return path.join(env.APPDATA, 'herald');
  return path.join(env.HOME || os.homedir(), '.config', 'herald');
}

export const configPath = (env: Record<string, string | undefined>) => path.join(configDir(env), 'config.json');

export function readConfig(file: string): ConfigFile {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
    throw err;
  }
  const parsed = JSON.parse(text) as Partial<ConfigFile>;
  return { current_profile: parsed.current_profile, profiles: parsed.profiles ?? {} };
}

/** Writes the file owner-only (0600, directory 0700), atomically: a crash never leaves half a file. */
export function writeConfig(file: string, config: ConfigFile): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(tmp, 0o600);
  fs.renameSync(tmp, file);
}
