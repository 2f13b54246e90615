import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BatchItem, BatchResult, HeraldApi } from '../api';
import { ApiError, UsageError } from '../errors';
import { parseImportFile } from './parse-rows';
import { runImport, type ImportOptions } from './run-import';

/** The batch endpoint's rules that matter here, in memory: ids up to 256 characters, upsert by id. */
function fakeApi(opts: { failBatchCall?: (n: number) => Error | undefined } = {}) {
  const recipients = new Map<string, string | null | undefined>();
  const emails = new Map<string, string>();
  const calls: string[][] = [];
  const api = {
    async batchRecipients(items: BatchItem[]): Promise<BatchResult> {
      const err = opts.failBatchCall?.(calls.length);
      calls.push(items.map((i) => i.id));
      if (err) throw err;
      const out: BatchResult = { created: [], updated: [], failed: [] };
      items.forEach((item, batch_index) => {
        if (item.id.length > 256) {
          out.failed.push({ id: item.id, batch_index, errors: [{ message: 'id is too long', property_path: 'id' }] });
          return;
        }
        (recipients.has(item.id) ? out.updated : out.created).push({ id: item.id });
        recipients.set(item.id, item.name);
      });
      return out;
    },
    async setPrimaryEmail(id: string, address: string) {
      if (!address.includes('@')) throw new ApiError(400, 'validation_failed', 'Invalid request body', [{ property_path: 'address', message: 'address is invalid' }]);
      emails.set(id, address);
    },
  } as unknown as HeraldApi;
  return { api, recipients, emails, calls };
}

const dirs: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-import-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function options(dir: string, content: string, extra: Partial<ImportOptions> = {}): ImportOptions {
  const { rows, bad } = parseImportFile(content, 'csv');
  return {
    file: path.join(dir, 'in.csv'),
    format: 'csv',
    rows,
    bad,
    content,
    batchSize: 1000,
    concurrency: 2,
    contactConcurrency: 4,
    statePath: path.join(dir, 'in.csv.import-state'),
    failedPath: path.join(dir, 'in.failed.csv'),
    resume: false,
    attempts: 2,
    ...extra,
  };
}

function csv(n: number, edit: (i: number) => string = (i) => `r${i},Name ${i},r${i}@x.io`): string {
  return ['id,name,email', ...Array.from({ length: n }, (_, i) => edit(i))].join('\n') + '\n';
}

describe('runImport', () => {
  it('when 2,500 rows hold an unreadable row, an over-long id and a bad email, then the rest is imported and the three are reported by line', async () => {
    const dir = tmp();
    const content = csv(2500, (i) => (i === 10 ? 'x"y,broken,' : i === 1500 ? `${'z'.repeat(300)},Long,` : i === 2001 ? 'bad-mail,B,nope' : `r${i},Name ${i},r${i}@x.io`));
    const { api, recipients, emails, calls } = fakeApi();
    const progress: number[] = [];
    const report = await runImport(api, options(dir, content, { onProgress: (d) => progress.push(d) }));
    expect(calls.map((c) => c.length)).toEqual([1000, 1000, 499]);
    expect(report).toMatchObject({ rows: 2500, created: 2497, updated: 0, failed: 3, skipped: 0, complete: true, state_file: null });
    expect(recipients.size).toBe(2498);
    expect(emails.size).toBe(2497);
    expect(progress.at(-1)).toBe(2499);
    const failed = fs.readFileSync(report.failed_file!, 'utf8').trim().split('\n');
    expect(failed[0]).toBe('id,name,email,line,error');
    expect(failed.slice(1).map((l) => l.split(',')[3])).toEqual(['12', '1502', '2003']);
    expect(failed[3]).toMatch(/^bad-mail,B,nope,2003,"recipient saved, email not set: Invalid request body \(validation_failed, HTTP 400\)/);
    expect(fs.existsSync(path.join(dir, 'in.csv.import-state'))).toBe(false);
  });

  it('when a run stops after some batches, then --resume sends only the batches it did not confirm', async () => {
    const dir = tmp();
    const content = csv(5000);
    const first = fakeApi({ failBatchCall: (n) => (n >= 2 ? new ApiError(503, 'unavailable', 'Service unavailable') : undefined) });
    const stopped = await runImport(first.api, options(dir, content, { concurrency: 1 }));
    expect(stopped.complete).toBe(false);
    expect(stopped.stopped_by).toMatch(/unavailable/);
    expect(stopped.created).toBe(2000);
    expect(stopped.state_file).toBe(path.join(dir, 'in.csv.import-state'));

    const second = fakeApi();
    const resumed = await runImport(second.api, options(dir, content, { resume: true }));
    expect(resumed).toMatchObject({ complete: true, skipped: 2000, created: 5000, failed: 0 });
    expect(second.calls.flat()).toHaveLength(3000);
    expect(second.calls.flat()).not.toContain('r0');
    expect(second.calls.flat()).toContain('r2000');
  });

  it('when the file changed since the recorded run, then --resume is refused', async () => {
    const dir = tmp();
    const failing = fakeApi({ failBatchCall: (n) => (n >= 1 ? new ApiError(503, 'unavailable', 'down') : undefined) });
    await runImport(failing.api, options(dir, csv(1500), { concurrency: 1 }));
    await expect(runImport(fakeApi().api, options(dir, csv(1501), { resume: true }))).rejects.toThrow(UsageError);
  });

  it('when the run is aborted, then in-flight batches finish and are recorded, and nothing new starts', async () => {
    const dir = tmp();
    const controller = new AbortController();
    const { api, calls } = fakeApi({ failBatchCall: (n) => (n === 0 ? (controller.abort(), undefined) : undefined) });
    const report = await runImport(api, options(dir, csv(4000), { concurrency: 1, signal: controller.signal }));
    expect(calls).toHaveLength(1);
    expect(report).toMatchObject({ complete: false, stopped_by: 'interrupted', created: 1000 });
  });

  it('when the API refuses the credentials, then the import stops at once with that error', async () => {
    const dir = tmp();
    const { api, calls } = fakeApi({ failBatchCall: () => new ApiError(401, 'unauthorized', 'Invalid API key') });
    const report = await runImport(api, options(dir, csv(3000), { concurrency: 1, attempts: 5 }));
    expect(calls).toHaveLength(1);
    expect(report.stopped_by).toBe('Invalid API key (unauthorized, HTTP 401)');
  });
});
