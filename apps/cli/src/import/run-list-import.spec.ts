import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { HeraldApi, SubscriptionResult } from '../api';
import { ApiError } from '../errors';
import { parseImportFile } from './parse-rows';
import { runListImport, type ListImportOptions } from './run-list-import';

/** The subscriptions endpoint in memory: ids up to 256 characters, idempotent per list. */
function fakeApi(failCall?: (n: number) => Error | undefined) {
  const members = new Set<string>();
  const calls: string[][] = [];
  const api = {
    async subscribeToList(key: string, ids: string[]): Promise<SubscriptionResult> {
      const err = failCall?.(calls.length);
      calls.push(ids);
      if (err) throw err;
      const out: SubscriptionResult = { changed: 0, already: 0, failed: [] };
      ids.forEach((id, batch_index) => {
        if (id.length > 256) out.failed.push({ id, batch_index, errors: [{ message: 'too long', property_path: `recipient_ids[${batch_index}]` }] });
        else if (members.has(`${key}/${id}`)) out.already += 1;
        else {
          members.add(`${key}/${id}`);
          out.changed += 1;
        }
      });
      return out;
    },
  } as unknown as HeraldApi;
  return { api, members, calls };
}

describe('runListImport', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-list-import-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  function options(content: string, extra: Partial<ListImportOptions> = {}): ListImportOptions {
    const { rows, bad } = parseImportFile(content, 'csv');
    const file = path.join(dir, 'in.csv');
    return { key: 'team', file, format: 'csv', rows, bad, content, batchSize: 1000, concurrency: 1, statePath: `${file}.state`, failedPath: path.join(dir, 'in.failed.csv'), resume: false, attempts: 1, ...extra };
  }
  const csv = (n: number, edit: (i: number) => string = (i) => `u${i}`) => ['id', ...Array.from({ length: n }, (_, i) => edit(i))].join('\n') + '\n';

  it('when a run stops after some batches, then --resume sends only the rest and the totals add up', async () => {
    const content = csv(3500, (i) => (i === 3100 ? 'x'.repeat(300) : `u${i}`));
    const first = fakeApi((n) => (n === 2 ? new ApiError(503, 'unavailable', 'Service unavailable') : undefined));
    const stopped = await runListImport(first.api, options(content));
    expect(stopped).toMatchObject({ complete: false, subscribed: 2000, already: 0 });
    expect(stopped.stopped_by).toMatch(/unavailable/);

    const second = fakeApi();
    const resumed = await runListImport(second.api, options(content, { resume: true }));
    expect(second.calls.map((c) => c.length)).toEqual([1000, 500]);
    expect(resumed).toMatchObject({ complete: true, subscribed: 3499, already: 0, failed: 1, skipped: 2000, state_file: null });
    expect(fs.readFileSync(resumed.failed_file!, 'utf8')).toContain(',3102,');
  });

  it('when a recorded import of the file into one list is resumed into another, then it is refused and nothing is sent', async () => {
    const content = csv(1500);
    const failing = fakeApi((n) => (n === 1 ? new ApiError(503, 'unavailable', 'Service unavailable') : undefined));
    await runListImport(failing.api, options(content));
    const other = fakeApi();
    await expect(runListImport(other.api, options(content, { key: 'other', resume: true }))).rejects.toThrow(/changed since the import/);
    expect(other.calls).toEqual([]);
  });
});
