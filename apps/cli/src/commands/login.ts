import { positiveInt, type Context } from '../context';
import { configPath, readConfig, writeConfig, type Profile } from '../config/profiles';
import { DEFAULT_URL } from '../config/resolve';
import { UsageError } from '../errors';
import { fields } from '../output/output';
import { examples, type Register } from './register';

/** Merges `patch` into a profile of the config file (written 0600) and makes it the current one. */
export function saveProfile(ctx: Context, name: string, patch: Profile): string {
  const file = configPath(ctx.io.env);
  const config = readConfig(file);
  const merged: Profile = { ...config.profiles[name] };
  for (const [k, v] of Object.entries(patch)) if (v !== undefined) (merged as Record<string, unknown>)[k] = v;
  config.profiles[name] = merged;
  config.current_profile = name;
  writeConfig(file, config);
  return file;
}

interface LoginOpts {
  project?: string;
  status?: boolean;
}

export const registerLogin: Register = (program, act) => {
  program
    .command('login')
    .description('Save a server, admin token and/or project key as a profile (config file, mode 0600)')
    .option('--project <id>', 'the project admin commands use by default')
    .option('--status', 'show what the CLI would connect with, and from where, without saving anything')
    .addHelpText(
      'after',
      `\nWith no flags on a terminal it asks for each value. The profile is "default" unless --profile names another;
the last profile logged in to becomes the current one. Flags and HERALD_URL / HERALD_KEY / HERALD_ADMIN_TOKEN
override a profile; with no profile at all, a checkout running \`npm start\` is used through .local/dev-credentials.json.
${examples([
  'herald login --url https://herald.example.com --key nk_full_…',
  'herald login --profile ops --url https://herald.example.com --admin-token $ADMIN_TOKEN --project 3',
  'herald login --status',
])}`,
    )
    .action(
      act(async (ctx, opts: LoginOpts) => {
        if (opts.status) {
          const c = ctx.connection;
          const view = { url: c.url, source: c.source, project_id: c.projectId ?? null, key: ctx.out.secret(c.key) || null, admin_token: ctx.out.secret(c.adminToken) || null };
          ctx.out.result(view, () => fields(Object.entries(view)));
          return;
        }
        const f = ctx.flags;
        const env = ctx.io.env;
        let url = f.url ?? env.HERALD_URL;
        let key = f.key ?? env.HERALD_KEY;
        let adminToken = f.adminToken ?? env.HERALD_ADMIN_TOKEN;
        if (!key && !adminToken) {
          const ask = ctx.io.prompt;
          if (!ask) throw new UsageError('nothing to save: pass --key and/or --admin-token (no terminal to ask on)');
          url = (await ask(`Herald URL [${url ?? DEFAULT_URL}]: `)).trim() || url || DEFAULT_URL;
          key = (await ask('Project key (nk_full_…, empty for none): ', { secret: true })).trim() || undefined;
          adminToken = (await ask('Admin token (empty for none): ', { secret: true })).trim() || undefined;
          if (!key && !adminToken) throw new UsageError('nothing to save: give a project key or an admin token');
        }
        const profile: Profile = { url: (url ?? DEFAULT_URL).replace(/\/+$/, ''), key, admin_token: adminToken };
        if (opts.project) profile.project_id = positiveInt(opts.project, '--project');
        // Check the credentials before saving them: a typo is caught now, not on the next command.
        const probe = { ...ctx.connection, url: profile.url!, key, adminToken, projectId: profile.project_id };
        if (key) await ctx.apiFor(probe, 'key').listRecipients({ limit: 1 });
        if (adminToken && profile.project_id !== undefined) await ctx.apiFor(probe, 'admin').getProject(profile.project_id);
        else if (adminToken) await ctx.apiFor(probe, 'admin').listProjects({ limit: 1 });
        const name = f.profile ?? env.HERALD_PROFILE ?? 'default';
        const file = saveProfile(ctx, name, profile);
        const view = { profile: name, file, url: profile.url, key: ctx.out.secret(key) || null, admin_token: ctx.out.secret(adminToken) || null, project_id: profile.project_id ?? null };
        ctx.out.result(view, () => `Logged in: profile "${name}" saved in ${file}\n${fields(Object.entries(view).slice(2))}`);
      }),
    );
};
