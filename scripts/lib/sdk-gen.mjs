// The SDKs generated from libs/client/openapi.json: every sdks/<name>/generate.sh, one contract:
//   generate.sh           rewrites that SDK's generated code from the document;
//   generate.sh --check   regenerates into a scratch directory and exits non-zero when the committed
//                         code differs (never edit generated code);
//   exit 77               skipped: a tool it needs is missing (it says which, e.g. no python3).
// Run by `npm run gen:client` (write) and `npm test` (check). Output is prefixed `[sdk <name>]`.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

export const SKIPPED_EXIT = 77;

/** sdks/<name>/<script> for every SDK that has one, by name. */
export function findSdkScripts(root, script) {
  const dir = path.join(root, 'sdks');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(dir, e.name, script)))
    .map((e) => ({ name: e.name, dir: path.join(dir, e.name), script: path.join(dir, e.name, script) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Prints text line by line with a prefix (no line of a sub-tool reaches the log unprefixed). */
export function printPrefixed(prefix, text, stream = process.stdout) {
  for (const line of text.split(/\r?\n/)) if (line !== '') stream.write(`${prefix} ${line}\n`);
}

/** The last `SKIP: <reason>` line a script printed, or a generic reason. */
export function skipReason(output) {
  const lines = output.split(/\r?\n/).filter((l) => l.startsWith('SKIP:'));
  return lines.length ? lines[lines.length - 1].slice('SKIP:'.length).trim() : 'a tool it needs is missing';
}

/** Runs every generate.sh (with --check when `check`); returns [{name, status: 'pass'|'fail'|'skip', reason?}]. */
export function runSdkGenerators(root, { check = false } = {}) {
  return findSdkScripts(root, 'generate.sh').map(({ name, dir, script }) => {
    const r = spawnSync('bash', [script, ...(check ? ['--check'] : [])], { cwd: dir, encoding: 'utf8', timeout: 900_000 });
    const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
    printPrefixed(`[sdk ${name}]`, output);
    if (r.error) printPrefixed(`[sdk ${name}]`, `could not run ${path.relative(root, script)}: ${r.error.message}`);
    if (r.status === SKIPPED_EXIT) return { name, status: 'skip', reason: skipReason(output) };
    return { name, status: r.status === 0 ? 'pass' : 'fail' };
  });
}

/** npm test's step: false when any SDK differs from its regeneration, 'skipped' when one could not be checked. */
export function checkSdkGeneration(root, log = console.log) {
  const results = runSdkGenerators(root, { check: true });
  for (const r of results) if (r.status === 'skip') console.warn(`[test] WARNING: the ${r.name} SDK was NOT checked against the document: ${r.reason}`);
  if (results.some((r) => r.status === 'fail')) return false;
  if (results.some((r) => r.status === 'skip')) return 'skipped';
  log(results.length ? `every SDK matches libs/client/openapi.json (${results.map((r) => r.name).join(', ')})` : 'no SDK under sdks/');
  return true;
}
