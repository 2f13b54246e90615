// `npm test` audits production dependencies (scripts/lib/audit.cjs), and the lock file holds no
// version known to be vulnerable, checked offline (the registry mirror here cannot answer audits).
import fs from 'node:fs';
import path from 'node:path';

interface AuditResult {
  status: 'pass' | 'fail' | 'unavailable';
  message: string;
  findings?: string[];
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { AUDIT_ARGS, classifyAudit } = require('./audit.cjs') as { AUDIT_ARGS: string[]; classifyAudit(stdout: string, code: number | null): AuditResult };

const root = path.resolve(__dirname, '..', '..');
const report = (counts: Record<string, number>, vulnerabilities: Record<string, object> = {}) =>
  JSON.stringify({ auditReportVersion: 2, vulnerabilities, metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0, ...counts } } });

describe('npm audit step', () => {
  it('when npm test runs, then it audits production dependencies at level high', () => {
    const script = fs.readFileSync(path.join(root, 'scripts', 'test.mjs'), 'utf8');
    expect(script).toContain("require('./lib/audit.cjs')");
    expect(script).toMatch(/await step\('audit \(npm audit --omit=dev --audit-level=high\)'/);
    expect(AUDIT_ARGS).toEqual(['audit', '--omit=dev', '--audit-level=high', '--json']);
  });

  it('when a production dependency has a high or critical advisory, then the step fails and names it', () => {
    const r = classifyAudit(report({ high: 1, total: 1 }, { nodemailer: { name: 'nodemailer', severity: 'high', range: '<=7.0.10' } }), 1);
    expect(r).toMatchObject({ status: 'fail', findings: ['nodemailer (high, <=7.0.10)'] });
    expect(classifyAudit(report({ critical: 2, total: 2 }), 1).status).toBe('fail');
  });

  it('when only low or moderate advisories exist, then the step passes and says so', () => {
    const r = classifyAudit(report({ moderate: 2, total: 2 }, { x: { name: 'x', severity: 'moderate' } }), 1);
    expect(r.status).toBe('pass');
    expect(r.message).toContain('2 lower ones');
    expect(classifyAudit(report({}), 0).status).toBe('pass');
  });

  it('when the registry cannot answer audit requests, then the step reports it as not audited instead of failing', () => {
    const mirror = JSON.stringify({ message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk', statusCode: 405, error: { summary: '', detail: '' } });
    expect(classifyAudit(mirror, 1)).toEqual({ status: 'unavailable', message: expect.stringContaining('405 Method Not Allowed') });
    expect(classifyAudit(JSON.stringify({ error: { code: 'ENOTFOUND', summary: 'request to https://registry.npmjs.org failed' } }), 1).status).toBe('unavailable');
    expect(classifyAudit('npm error network', 1).status).toBe('unavailable');
  });
});

/** Lowest versions without the advisories named here (CVE-2025-14874: nodemailer ≤ 7.0.10; fastify < 5.7.2). */
const FLOORS: Record<string, string> = { nodemailer: '7.0.11', fastify: '5.7.2' };
const parse = (v: string) => v.split(/[.-]/).slice(0, 3).map(Number);
const atLeast = (v: string, floor: string) => {
  const [a, b] = [parse(v), parse(floor)];
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return true;
};

describe('dependency floors (package-lock.json)', () => {
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };

  it.each(Object.entries(FLOORS))('when %s is installed anywhere in the tree, then it is at least %s', (name, floor) => {
    const installs = Object.entries(lock.packages).filter(([p]) => p === `node_modules/${name}` || p.endsWith(`/node_modules/${name}`));
    expect(installs.length).toBeGreaterThan(0);
    for (const [where, { version }] of installs) expect([where, version, atLeast(version!, floor)]).toEqual([where, version, true]);
  });

  it('when the comparison meets the vulnerable versions, then it rejects them (the check is live)', () => {
    expect(atLeast('7.0.9', FLOORS.nodemailer)).toBe(false);
    expect(atLeast('7.0.10', FLOORS.nodemailer)).toBe(false);
    expect(atLeast('5.6.1', FLOORS.fastify)).toBe(false);
    expect(atLeast('10.6.0', FLOORS.nodemailer)).toBe(true);
  });
});
