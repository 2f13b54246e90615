// `npm test` ends with exactly one runner-shaped summary line, last (scripts/lib/output.cjs): every
// tool's output is prefixed with its name, so Schemathesis', jest's, pytest's or go test's own
// closing lines are never taken for the run's.
import { PassThrough } from 'node:stream';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
interface Output {
  isRunnerSummary(line: string): boolean;
  summaryLine(c: Counts): string;
  finalReport(results: { name: string; ok: boolean; skipped: boolean; seconds: number }[], counts: Counts): string;
  linePrefixer(prefix: string, emit: (line: string) => void): { write(chunk: string | Buffer): void; end(): void };
  prefixLines(text: string, prefix: string): string;
  runPrefixed(cmd: string, args: string[], opts?: Record<string, unknown>): Promise<{ status: number | null; error?: Error }>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { isRunnerSummary, summaryLine, finalReport, linePrefixer, prefixLines, runPrefixed } = require('./output.cjs') as Output;

/** Closing lines of the tools `npm test` runs now or may run later, as they print them. */
const TOOL_OUTPUT: Record<string, string> = {
  schemathesis: ['Schemathesis v4.32.5', '', 'API Operations:  41 selected / 41 tested', '=================== 2 warnings in 20.05s ===================', ''].join('\n'),
  jest: ['PASS unit scripts/lib/output.spec.ts', 'Test Suites: 3 skipped, 211 passed, 211 of 214 total', 'Tests:       1312 passed, 1312 total', 'Snapshots:   0 total', 'Time:        312.4 s', 'Ran all test suites in 3 projects.'].join('\n'),
  pytest: ['tests/test_client.py ....                 [100%]', '============================== 4 passed in 0.31s ==============================='].join('\n'),
  'go test': ['=== RUN   TestSend', '--- PASS: TestSend (0.00s)', 'PASS', 'ok  \tgithub.com/herald/sdk-go\t0.012s'].join('\n'),
  colored: '\u001b[1m\u001b[32mTests:\u001b[39m\u001b[22m       5 passed, 5 total\n',
};

describe('one closing line', () => {
  it.each(Object.entries(TOOL_OUTPUT))('when %s prints its summary, then the summary is runner-shaped unprefixed and not once prefixed', (tool, text) => {
    expect(text.split('\n').some(isRunnerSummary)).toBe(true);
    const prefixed = prefixLines(text, `[${tool}] `);
    expect(prefixed.split('\n').filter(isRunnerSummary)).toEqual([]);
    expect(prefixed.split('\n').filter(Boolean).every((l) => l.startsWith(`[${tool}] `))).toBe(true);
  });

  it.each([
    ['=== 2 warnings in 20.05s ===', true],
    ['   Tests: 1312 passed, 1312 total', true],
    ['tests: 3 passed, 0 failed, 0 skipped', true],
    ['FAIL apps/gateway/src/x.e2e-spec.ts', true],
    ['[schemathesis] === 2 warnings in 20.05s ===', false],
    ['[test] pass  jest (unit, integration, e2e) 300.0 s', false],
    ['when the tests pass, then ...', false],
  ])('when a line reads %j, then it is runner-shaped: %s', (line, shaped) => {
    expect(isRunnerSummary(line)).toBe(shaped);
  });

  it("when the run ends, then the only runner-shaped line of the report is npm test's summary, printed last", () => {
    const results = [
      { name: 'lint (eslint)', ok: true, skipped: false, seconds: 20 },
      { name: 'API contract (Schemathesis against a real stack)', ok: true, skipped: true, seconds: 1 },
      { name: 'jest (unit, integration, e2e)', ok: false, skipped: false, seconds: 300 },
    ];
    const lines = finalReport(results, { passed: 1310, failed: 2, skipped: 3 }).trimEnd().split('\n');
    expect(lines.at(-1)).toBe('tests: 1310 passed, 2 failed, 3 skipped');
    expect(lines.filter(isRunnerSummary)).toEqual(['tests: 1310 passed, 2 failed, 3 skipped']);
    expect(lines).toContain('[test] 1 step(s) failed: jest (unit, integration, e2e)');
    expect(summaryLine({ passed: 0, failed: 1, skipped: 0 })).toBe('tests: 0 passed, 1 failed, 0 skipped');
  });

  it('when output arrives in chunks that split lines, CRLF pairs and carriage-return redraws, then every line is prefixed once', () => {
    const out: string[] = [];
    const p = linePrefixer('[x] ', (l) => out.push(l));
    for (const chunk of ['a', 'b\nc', 'd\r', '\ne\r', 'progress 1\rprogress 2\n', 'tail']) p.write(chunk);
    p.end();
    expect(out).toEqual(['[x] ab\n', '[x] cd\n', '[x] e\n', '[x] progress 1\n', '[x] progress 2\n', '[x] tail\n']);
  });

  it("when a tool runs, then its stdout and stderr reach ours prefixed, and its exit status is returned", async () => {
    const collect = () => {
      const s = new PassThrough();
      let text = '';
      s.on('data', (c) => (text += c));
      return { s, text: () => text };
    };
    const out = collect();
    const err = collect();
    const script = "console.log('Tests: 2 passed, 2 total'); console.error('=== 1 failed in 0.1s ==='); process.exit(3)";
    const r = await runPrefixed(process.execPath, ['-e', script], { prefix: '[tool] ', out: out.s, err: err.s });
    expect(r.status).toBe(3);
    expect(out.text()).toBe('[tool] Tests: 2 passed, 2 total\n');
    expect(err.text()).toBe('[tool] === 1 failed in 0.1s ===\n');
    expect((await runPrefixed('/nonexistent/tool', [], { out: out.s, err: err.s })).status).toBeNull();
  });
});
