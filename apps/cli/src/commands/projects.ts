import type { IssuedKey, Project, Settings } from '../api';
import { positiveInt, type Context } from '../context';
import { UsageError } from '../errors';
import { fields, table } from '../output/output';
import { saveProfile } from './login';
import { examples, type Register } from './register';

const projectFields = (p: Project) => fields([['id', p.id], ['name', p.name], ...Object.entries(p.settings).map(([k, v]) => [k, v ?? 'null'] as [string, unknown]), ['created_at', p.created_at], ['updated_at', p.updated_at]]);

const keyTable = (ctx: Context, keys: IssuedKey[]) =>
  table(keys, [
    { header: 'id', value: (k) => k.id },
    { header: 'scope', value: (k) => k.scope },
    { header: 'key', value: (k) => ctx.out.secret(k.key) },
  ]);

/** The settings a project accepts today, as flags; anything newer (retention…) goes through KEY=VALUE. */
const settingFlags: { flag: string; key: string; parse: (v: string) => unknown; help: string }[] = [
  { flag: '--monthly-quota <n|unlimited>', key: 'monthly_quota', parse: (v) => nullableInt(v, 'unlimited', 0), help: 'deliveries per UTC month (unlimited: no quota)' },
  { flag: '--rate-limit <n|off>', key: 'rate_limit_per_second', parse: (v) => nullableInt(v, 'off', 1), help: 'requests per second per key (off: no limit)' },
  { flag: '--strict-targets <on|off>', key: 'strict_targets', parse: (v) => onOff(v), help: 'refuse sends to targets not in the catalog' },
  { flag: '--broadcast-email-cap <n>', key: 'max_broadcast_recipients_for_email', parse: (v) => intAtLeast(v, 0), help: 'most eligible recipients of a broadcast email (0: no broadcast email)' },
];

const optName = (flag: string) => flag.split(' ')[0].slice(2).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function intAtLeast(v: string, min: number): number {
  if (!/^[0-9]+$/.test(v) || Number(v) < min || !Number.isSafeInteger(Number(v))) throw new UsageError(`expected an integer ≥ ${min}, got "${v}"`);
  return Number(v);
}
const nullableInt = (v: string, none: string, min: number) => (v === none || v === 'null' ? null : intAtLeast(v, min));
function onOff(v: string): boolean {
  if (['on', 'true', 'yes'].includes(v)) return true;
  if (['off', 'false', 'no'].includes(v)) return false;
  throw new UsageError(`expected on or off, got "${v}"`);
}

/** `KEY=VALUE`: the value as JSON when it parses (numbers, true/false, null), else as a string. */
export function parseAssignments(pairs: readonly string[]): Settings {
  const out: Settings = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`settings are KEY=VALUE, got "${pair}"`);
    const raw = pair.slice(eq + 1);
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      // a plain string
    }
    out[pair.slice(0, eq)] = value;
  }
  return out;
}

function collectSettings(opts: Record<string, unknown>, pairs: readonly string[]): Settings {
  const settings = parseAssignments(pairs);
  for (const s of settingFlags) {
    const v = opts[optName(s.flag)];
    if (typeof v === 'string') settings[s.key] = s.parse(v);
  }
  return settings;
}

export const registerProjects: Register = (program, act) => {
  const projects = program.command('projects').description('Create and inspect projects (admin token)');

  projects
    .command('create')
    .description('Create a project and its two keys (shown once)')
    .argument('<name>', 'project name')
    .option('--save-profile <profile>', 'save the project and its full key as a profile of the config file')
    .addHelpText('after', examples(['herald projects create shop', 'herald projects create shop --save-profile shop --show-secret']))
    .action(
      act(async (ctx, name: string, opts: { saveProfile?: string }) => {
        const { project, keys } = await ctx.adminApi().createProject({ name });
        let saved = '';
        if (opts.saveProfile) {
          const file = saveProfile(ctx, opts.saveProfile, { url: ctx.connection.url, project_id: project.id, key: keys.find((k) => k.scope === 'full')?.key });
          saved = `Profile "${opts.saveProfile}" (this project, its full key) saved in ${file} and made current.\n`;
        }
        const hint = ctx.out.showSecret || saved ? '' : 'The keys are shown only now: add --show-secret to print them in full, or --save-profile NAME to keep the full key.\n';
        ctx.out.result({ project, keys: keys.map((k) => ({ ...k, key: ctx.out.secret(k.key) })) }, () => `${projectFields(project)}\n${keyTable(ctx, keys)}${saved}${hint}`);
      }),
    );

  projects
    .command('list')
    .description('List projects')
    .option('--limit <n>', 'at most this many', '100')
    .addHelpText('after', examples(['herald projects list', 'herald projects list --json | jq ".[].name"']))
    .action(
      act(async (ctx, opts: { limit: string }) => {
        const limit = positiveInt(opts.limit, '--limit');
        const api = ctx.adminApi();
        const all: Project[] = [];
        let cursor: string | undefined;
        do {
          const page = await api.listProjects({ limit: Math.min(limit - all.length, 100), cursor });
          all.push(...page.items);
          cursor = page.next_cursor ?? undefined;
        } while (cursor && all.length < limit);
        ctx.out.result(all, () =>
          table(all, [
            { header: 'id', value: (p) => p.id },
            { header: 'name', value: (p) => p.name },
            { header: 'quota', value: (p) => p.settings.monthly_quota ?? 'unlimited' },
            { header: 'rate/s', value: (p) => p.settings.rate_limit_per_second ?? 'off' },
            { header: 'created_at', value: (p) => p.created_at },
          ]),
        );
      }),
    );

  projects
    .command('get')
    .description('Show a project and its settings')
    .argument('[id]', 'project id (default: the profile’s project)')
    .addHelpText('after', examples(['herald projects get 1', 'herald projects get --json']))
    .action(
      act(async (ctx, id: string | undefined) => {
        const project = await ctx.adminApi().getProject(ctx.projectId(id));
        ctx.out.result(project, () => projectFields(project));
      }),
    );

  const update = projects
    .command('update')
    .description('Rename a project or change its settings')
    .argument('[id]', 'project id (default: the profile’s project)')
    .argument('[settings...]', 'more settings as KEY=VALUE (for example retention_days=30)')
    .option('--name <name>', 'new name');
  for (const s of settingFlags) update.option(s.flag, s.help);
  update.addHelpText('after', examples(['herald projects update 1 --name "Shop (prod)"', 'herald projects update 1 --monthly-quota 100000 --strict-targets on']));
  update.action(
    act(async (ctx, id: string | undefined, pairs: string[], opts: Record<string, unknown>) => {
      const settings = collectSettings(opts, pairs);
      const body: { name?: string; settings?: Settings } = {};
      if (typeof opts.name === 'string') body.name = opts.name;
      if (Object.keys(settings).length > 0) body.settings = settings;
      if (Object.keys(body).length === 0) throw new UsageError('nothing to change: pass --name or a setting (see herald projects update --help)');
      const project = await ctx.adminApi().updateProject(ctx.projectId(id), body);
      ctx.out.result(project, () => projectFields(project));
    }),
  );

  const keys = program.command('keys').description('Create and revoke project keys (admin token)');
  keys
    .command('create')
    .description('Create a key (shown once)')
    .option('--project <id>', 'project id (default: the profile’s project)')
    .option('--scope <scope>', 'full or recipient', 'full')
    .addHelpText('after', examples(['herald keys create --project 1 --scope recipient --show-secret']))
    .action(
      act(async (ctx, opts: { project?: string; scope: string }) => {
        if (!['full', 'recipient'].includes(opts.scope)) throw new UsageError(`--scope must be full or recipient (got "${opts.scope}")`);
        const key = await ctx.adminApi().createKey(ctx.projectId(opts.project), opts.scope);
        ctx.out.result({ ...key, key: ctx.out.secret(key.key) }, () => keyTable(ctx, [key]));
      }),
    );
  keys
    .command('revoke')
    .description('Revoke a key: it stops working at once')
    .argument('<key-id>', 'key id')
    .option('--project <id>', 'project id (default: the profile’s project)')
    .addHelpText('after', examples(['herald keys revoke 7 --project 1']))
    .action(
      act(async (ctx, keyId: string, opts: { project?: string }) => {
        const projectId = ctx.projectId(opts.project);
        await ctx.adminApi().revokeKey(projectId, positiveInt(keyId, 'key id'));
        ctx.out.result({ revoked: Number(keyId), project_id: projectId }, () => `Key ${keyId} of project ${projectId} revoked.\n`);
      }),
    );

  const settings = program.command('settings').description('Show or change a project’s settings: quota, rate limit, strict targets, broadcast email cap, …');
  settings
    .command('show', { isDefault: true })
    .description('Show the settings')
    .option('--project <id>', 'project id (default: the profile’s project)')
    .addHelpText('after', examples(['herald settings', 'herald settings show --project 2 --json']))
    .action(
      act(async (ctx, opts: { project?: string }) => {
        const project = await ctx.adminApi().getProject(ctx.projectId(opts.project));
        ctx.out.result(project.settings, () => fields(Object.entries(project.settings).map(([k, v]) => [k, v ?? 'null'])));
      }),
    );
  const set = settings
    .command('set')
    .description('Change settings (the others keep their values)')
    .argument('[settings...]', 'more settings as KEY=VALUE (for example retention_days=30)')
    .option('--project <id>', 'project id (default: the profile’s project)');
  for (const s of settingFlags) set.option(s.flag, s.help);
  set.addHelpText('after', examples(['herald settings set --monthly-quota 50000 --rate-limit off', 'herald settings set --strict-targets on --broadcast-email-cap 10000', 'herald settings set retention_days=30']));
  set.action(
    act(async (ctx, pairs: string[], opts: Record<string, unknown>) => {
      const patch = collectSettings(opts, pairs);
      if (Object.keys(patch).length === 0) throw new UsageError('nothing to change: pass a setting flag or KEY=VALUE (see herald settings set --help)');
      const project = await ctx.adminApi().updateProject(ctx.projectId(opts.project as string | undefined), { settings: patch });
      ctx.out.result(project.settings, () => fields(Object.entries(project.settings).map(([k, v]) => [k, v ?? 'null'])));
    }),
  );
};
