import fs from 'node:fs';
import { parse as parseYaml } from 'yaml';
import type { CatalogItem } from '../api';
import { UsageError } from '../errors';
import { table } from '../output/output';
import { diffCatalog, renderDiff } from './catalog-diff';
import { confirm } from './recipients';
import { examples, type Register } from './register';

/** A catalog file: a YAML or JSON list of entries, or an object with the list under `catalog`. */
export function readCatalogFile(file: string): CatalogItem[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  let doc: unknown;
  try {
    doc = /\.json$/i.test(file) ? JSON.parse(text) : parseYaml(text);
  } catch (err) {
    throw new UsageError(`${file} is not valid ${/\.json$/i.test(file) ? 'JSON' : 'YAML'}: ${(err as Error).message.split('\n')[0]}`);
  }
  const list = Array.isArray(doc) ? doc : (doc as { catalog?: unknown } | null)?.catalog;
  if (!Array.isArray(list)) throw new UsageError(`${file} must hold a list of catalog entries (or {catalog: [...]})`);
  list.forEach((item: unknown, i) => {
    const e = item as Record<string, unknown> | null;
    const missing = ['channel', 'topic', 'event', 'name'].filter((k) => typeof e?.[k] !== 'string');
    if (!e || typeof e !== 'object' || missing.length || typeof e.default_enabled !== 'boolean') {
      throw new UsageError(`${file}: entry ${i + 1} needs string ${['channel', 'topic', 'event', 'name'].join(', ')} and boolean default_enabled${missing.length ? ` (missing: ${missing.join(', ')})` : ''}`);
    }
  });
  return list as CatalogItem[];
}

export const registerCatalog: Register = (program, act) => {
  const catalog = program.command('catalog').description('The project’s catalog of targets (project key)');

  catalog
    .command('list')
    .description('List catalog entries')
    .addHelpText('after', examples(['herald catalog list', 'herald catalog list --json > catalog.json']))
    .action(
      act(async (ctx) => {
        const entries = await ctx.projectApi().listCatalog();
        ctx.out.result(entries, () =>
          table(entries, [
            { header: 'id', value: (e) => e.id },
            { header: 'channel', value: (e) => e.target.channel },
            { header: 'topic', value: (e) => e.target.topic },
            { header: 'event', value: (e) => e.target.event },
            { header: 'medium', value: (e) => e.medium },
            { header: 'default', value: (e) => (e.default_enabled ? 'on' : 'off') },
            { header: 'mandatory', value: (e) => (e.mandatory ? 'yes' : '') },
            { header: 'name', value: (e) => e.label },
          ]),
        );
      }),
    );

  catalog
    .command('apply')
    .description('Make the catalog match a YAML or JSON file (bulk upsert); shows the changes first')
    .argument('<file>', 'a .yaml/.yml or .json file: a list of {channel, topic, event, medium?, name, description?, default_enabled, mandatory?, digest?, throttle?}')
    .option('--prune', 'also remove entries that are not in the file (the file becomes the whole catalog)')
    .option('-y, --yes', 'apply without asking')
    .option('--dry-run', 'show the changes and stop')
    .addHelpText(
      'after',
      `\nA file:\n  - channel: billing\n    topic: none\n    event: invoice.paid\n    medium: email\n    name: Invoice paid\n    default_enabled: true\n  - channel: social\n    topic: any\n    event: commented\n    medium: email\n    name: Comments\n    default_enabled: true\n    digest: {window_seconds: 900, max_items: 20, subject: "{count} new comments"}\n    throttle: {max: 50, window_seconds: 86400}\n${examples(['herald catalog apply catalog.yaml', 'herald catalog apply catalog.yaml --prune --yes', 'herald catalog apply catalog.json --dry-run'])}`,
    )
    .action(
      act(async (ctx, file: string, opts: { prune?: boolean; yes?: boolean; dryRun?: boolean }) => {
        const items = readCatalogFile(file);
        const api = ctx.projectApi();
        const diff = diffCatalog(await api.listCatalog(), items, opts.prune === true);
        const report = (applied: boolean, catalog?: unknown) => ({ applied, changes: diff.changes, unchanged: diff.unchanged, ...(catalog ? { catalog } : {}) });
        ctx.io[ctx.out.json ? 'stderr' : 'stdout'].write(renderDiff(diff));
        if (diff.changes.length === 0) {
          ctx.out.result(report(false), () => 'The catalog already matches the file.\n');
          return;
        }
        if (opts.dryRun) {
          ctx.out.result(report(false), () => 'Dry run: nothing changed.\n');
          return;
        }
        if (!(await confirm(ctx, 'Apply these changes?', opts.yes))) throw new UsageError('not confirmed: nothing changed');
        const result = await api.upsertCatalog(items, opts.prune === true);
        ctx.out.result(report(true, result), () => `Applied: the catalog has ${result.length} entries.\n`);
      }),
    );
};
