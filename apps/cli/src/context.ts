import type { Command } from 'commander';
import type { HeraldApi } from './api';
import { resolveConnection, type Connection, type GlobalFlags } from './config/resolve';
import { UsageError } from './errors';
import type { Io } from './io';
import { Output } from './output/output';

/** Builds the API port for a connection; `needs` says which credential the command uses. */
export type ApiFactory = (conn: Connection, needs: 'key' | 'admin') => HeraldApi;

/** What every command handler gets: its flags (global ones included), output, and the API. */
export class Context {
  readonly flags: GlobalFlags;
  readonly out: Output;
  private conn?: Connection;

  constructor(
    readonly io: Io,
    cmd: Command,
    private readonly apiFactory: ApiFactory,
  ) {
    this.flags = cmd.optsWithGlobals<GlobalFlags>();
    this.out = new Output(io, this.flags.json === true, this.flags.showSecret === true);
  }

  get connection(): Connection {
    this.conn ??= resolveConnection(this.flags, this.io);
    return this.conn;
  }

  /** Progress bars: on unless `--no-progress` or `--json` (and only on a terminal, see progress.ts). */
  get progress(): boolean {
    return this.flags.progress !== false && !this.out.json;
  }

  /** The API with the project key (data commands). */
  projectApi(): HeraldApi {
    if (!this.connection.key) {
      throw new UsageError('no project key: pass --key, set HERALD_KEY, or run herald login (inside a checkout with npm start running, none is needed)');
    }
    return this.apiFactory(this.connection, 'key');
  }

  /** The API with the admin token (projects, keys, settings). */
  adminApi(): HeraldApi {
    if (!this.connection.adminToken) {
      throw new UsageError('no admin token: pass --admin-token, set HERALD_ADMIN_TOKEN, or run herald login --admin-token …');
    }
    return this.apiFactory(this.connection, 'admin');
  }

  /** The API for another connection (`herald login` checks credentials before saving them). */
  apiFor(conn: Connection, needs: 'key' | 'admin'): HeraldApi {
    return this.apiFactory(conn, needs);
  }

  /** The project an admin command is about: `--project`, else the profile's (or dev) project. */
  projectId(flag: string | undefined): number {
    const raw = flag ?? (this.connection.projectId !== undefined ? String(this.connection.projectId) : undefined);
    if (raw === undefined) throw new UsageError('which project? pass --project ID (or log in with a profile that names one)');
    return positiveInt(raw, '--project');
  }
}

export function positiveInt(raw: string, what: string): number {
  if (!/^[1-9][0-9]*$/.test(raw) || !Number.isSafeInteger(Number(raw))) throw new UsageError(`${what} must be a positive integer (got "${raw}")`);
  return Number(raw);
}
