import { Command, CommanderError, Option } from 'commander';
import { registerCatalog } from './commands/catalog';
import { registerContacts } from './commands/contacts';
import { registerExplain } from './commands/explain';
import { registerLists } from './commands/lists';
import { registerLogin } from './commands/login';
import { registerNotifications } from './commands/notifications';
import { registerActivity } from './commands/activity';
import { registerStats } from './commands/stats';
import { registerProjects } from './commands/projects';
import { registerRecipients } from './commands/recipients';
import { registerDevices } from './commands/devices';
import { examples, type Act } from './commands/register';
import { registerSend } from './commands/send';
import { Context, type ApiFactory } from './context';
import { ApiError, CliFailure, EXIT_API, EXIT_OK, EXIT_USAGE, UsageError } from './errors';
import type { Io } from './io';

export const VERSION = '0.1.0';

/** Every runnable command, by full path, for the root help ("herald --help lists every command"). */
function everyCommand(cmd: Command, prefix = ''): string[] {
  return cmd.commands.flatMap((c) => {
    const name = `${prefix}${c.name()}`;
    const args = c.registeredArguments.map((a) => (a.required ? `<${a.name()}>` : `[${a.name()}${a.variadic ? '...' : ''}]`)).join(' ');
    const own = (c as unknown as { _actionHandler: unknown })._actionHandler ? [`${`${name} ${args}`.trim().padEnd(36)} ${c.description()}`] : [];
    return [...own, ...everyCommand(c, `${name} `)];
  });
}

export function buildProgram(io: Io, apiFactory: ApiFactory): Command {
  const program = new Command('herald');
  program
    .description('Herald from the command line: projects and keys, recipients, the catalog, sends and broadcasts')
    .version(VERSION, '-V, --version')
    .option('--url <url>', 'gateway base URL (env HERALD_URL)')
    .addOption(new Option('--key <key>', 'project key, nk_full_… (env HERALD_KEY)'))
    .addOption(new Option('--admin-token <token>', 'admin token for projects, keys and settings (env HERALD_ADMIN_TOKEN)'))
    .option('--profile <name>', 'profile of the config file to use (env HERALD_PROFILE)')
    .option('--json', 'print results as JSON (for scripts)')
    .option('--show-secret', 'print keys and tokens in full')
    .option('--no-progress', 'no progress bars (they are off anyway when output is not a terminal)')
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    });

  const act: Act = (fn) => async (...args: unknown[]) => {
    const cmd = args[args.length - 1] as Command;
    await fn(new Context(io, cmd, apiFactory), ...args.slice(0, -1));
  };
  for (const register of [registerLogin, registerProjects, registerRecipients, registerContacts, registerLists, registerDevices, registerCatalog, registerSend, registerNotifications, registerActivity, registerStats, registerExplain]) register(program, act);

  program.addHelpText(
    'after',
    () =>
      `\nEvery command:\n${everyCommand(program)
        .map((l) => `  herald ${l}`)
        .join('\n')}\n` +
      `\nConfiguration: flags, then HERALD_URL / HERALD_KEY / HERALD_ADMIN_TOKEN, then the profile saved by
herald login; inside a checkout running \`npm start\`, nothing is needed (.local/dev-credentials.json).
Exit codes: 0 ok, 1 the API refused (its message and code are printed), 2 a usage error.
${examples([
  'herald recipients import users.csv',
  `herald send --to alice --payload '{"title":"Hello"}'`,
  `herald broadcast send --target product/none/release --payload '{"title":"v2"}' --watch`,
  'herald feed tail alice',
  'herald explain 42',
  'herald <command> --help',
])}`,
  );
  return program;
}

/** A network failure as one line (`connect ECONNREFUSED 127.0.0.1:8080`). */
function networkMessage(err: Error): string | undefined {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  if (err.name === 'TypeError' && err.message === 'fetch failed') return cause?.message ?? 'the server could not be reached';
  if (cause?.code && /^E[A-Z]+/.test(cause.code)) return cause.message ?? cause.code;
  return undefined;
}

/** Runs the CLI and returns its exit code; never throws, never prints a stack trace unless HERALD_DEBUG is set. */
export async function run(argv: readonly string[], io: Io, apiFactory: ApiFactory): Promise<number> {
  const program = buildProgram(io, apiFactory);
  const fail = (code: number, message: string) => {
    io.stderr.write(`error: ${message}\n`);
    return code;
  };
  try {
    if (argv.length === 0) {
      program.outputHelp();
      return EXIT_OK;
    }
    await program.parseAsync(argv as string[], { from: 'user' });
    return EXIT_OK;
  } catch (err) {
    if (io.env.HERALD_DEBUG && err instanceof Error) io.stderr.write(`${err.stack}\n`);
    if (err instanceof CommanderError) {
      return ['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(err.code) ? EXIT_OK : EXIT_USAGE;
    }
    if (err instanceof UsageError) return fail(EXIT_USAGE, err.message);
    if (err instanceof ApiError) return fail(EXIT_API, err.line());
    if (err instanceof CliFailure) return fail(EXIT_API, err.message);
    const net = err instanceof Error ? networkMessage(err) : undefined;
    if (net) return fail(EXIT_API, `cannot reach the Herald server: ${net}`);
    return fail(EXIT_API, err instanceof Error ? err.message : String(err));
  }
}
