// `npm audit --omit=dev --audit-level=high` for `npm test`: production dependencies with a high or
// critical advisory fail the run. When no advisory database answers (an offline machine, or a
// registry mirror without the audit endpoint, which answers 405), the dependencies are NOT audited:
// that is reported plainly and does not fail the run, since nothing about the code is known to be wrong.
const { spawnSync } = require('node:child_process');

const AUDIT_ARGS = ['audit', '--omit=dev', '--audit-level=high', '--json'];
const BLOCKING = ['high', 'critical'];

/**
 * Classifies the JSON `npm audit --json` printed (and its exit status):
 *   { status: 'pass' | 'fail' | 'unavailable', message, findings? }
 */
function classifyAudit(stdout, exitCode) {
  let report;
  try {
    report = JSON.parse(stdout);
  } catch {
    return { status: 'unavailable', message: `npm audit printed no report (exit ${exitCode}): ${String(stdout).trim().slice(0, 300) || 'no output'}` };
  }
  const counts = report?.metadata?.vulnerabilities;
  if (report?.error || !counts) {
    const why = report?.message || report?.error?.summary || report?.error?.code || JSON.stringify(report).slice(0, 300);
    return { status: 'unavailable', message: `the registry answered no audit data: ${why}` };
  }
  const findings = Object.values(report.vulnerabilities ?? {})
    .filter((v) => BLOCKING.includes(v.severity))
    .map((v) => `${v.name} (${v.severity}${v.range ? `, ${v.range}` : ''})`)
    .sort();
  const blocking = BLOCKING.reduce((n, level) => n + (counts[level] ?? 0), 0);
  if (blocking > 0 || findings.length > 0) {
    return { status: 'fail', findings, message: `${blocking} high/critical advisories in production dependencies: ${findings.join(', ')}` };
  }
  const total = counts.total ?? 0;
  return { status: 'pass', message: `no high/critical advisories in production dependencies${total ? ` (${total} lower ones: see npm audit --omit=dev)` : ''}` };
}

/** Runs npm audit in `cwd` and classifies the result. */
function auditProduction(cwd, env = process.env) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, AUDIT_ARGS, { cwd, env, encoding: 'utf8', timeout: 120_000 });
  if (r.error) return { status: 'unavailable', message: `could not run npm audit: ${r.error.message}` };
  return classifyAudit(r.stdout, r.status);
}

module.exports = { AUDIT_ARGS, classifyAudit, auditProduction };
