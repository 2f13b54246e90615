import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Io } from '../io';
import { run } from '../program';
import { createSdkApi } from '../sdk-api';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON (for `--json` runs). */
  json<T = unknown>(): T;
}

/**
 * Runs the CLI in this process against the e2e stack (`HERALD_BASE_URL`, `HERALD_ADMIN_TOKEN`), with
 * its own config directory and a working directory outside any checkout: no profile and no dev
 * credentials leak in from the machine.
 */
export function cliEnv(extra: Record<string, string | undefined> = {}) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-cli-e2e-'));
  const env: Record<string, string | undefined> = {
    HERALD_URL: process.env.HERALD_BASE_URL,
    HERALD_ADMIN_TOKEN: process.env.HERALD_ADMIN_TOKEN,
    HERALD_CONFIG_DIR: path.join(home, 'config'),
    ...extra,
  };
  return {
    home,
    env,
    /** `onStderr` sees stderr as it grows (a test waits for a note such as "following …" before acting). */
    async herald(args: string[], opts: { signal?: AbortSignal; env?: Record<string, string | undefined>; onStderr?: (all: string) => void } = {}): Promise<CliResult> {
      let stdout = '';
      let stderr = '';
      const io: Io = {
        stdout: { write: (s: string) => (stdout += s), isTTY: false },
        stderr: {
          write: (s: string) => {
            stderr += s;
            opts.onStderr?.(stderr);
          },
          isTTY: false,
        },
        env: { ...env, ...opts.env },
        cwd: home,
        signal: opts.signal,
      };
      const code = await run(args, io, createSdkApi);
      return {
        code,
        stdout,
        stderr,
        json<T>() {
          try {
            return JSON.parse(stdout) as T;
          } catch {
            throw new Error(`stdout is not JSON (exit ${code}): ${stdout.slice(0, 500)} / stderr: ${stderr.slice(0, 500)}`);
          }
        },
      };
    },
    cleanup() {
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}
