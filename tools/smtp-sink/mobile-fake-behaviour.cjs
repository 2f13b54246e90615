// How a mobile push fake answers next: failures to inject, gone devices, a delay. Set for the whole
// service, or for one scope only (FCM: a Firebase project id; APNs: an apns-topic, the app's bundle
// id), so a test or bench can make one project's provider slow or failing while another project's
// requests to the same fake are answered as before. A request obeys its scope's rules and the whole
// service's: the longer delay, the scope's injected failures first, a device gone in either. The
// control's answer counts the requests being delayed now (`held`) and those whose caller gave up
// before the answer (`abandoned`: the sender's deadline passed), of the scope or of the whole
// service. An abandoned request is still taken once its delay has passed, as a provider that
// received the whole request delivers it whether or not its answer is read.

const emptyRules = () => ({ failNext: 0, status: 500, retryAfter: null, slowMs: 0, gone: new Set() });
const view = (r) => ({ fail_next: r.failNext, status: r.status, retry_after: r.retryAfter, slow_ms: r.slowMs, gone: [...r.gone] });

/** `scopeField`: the control's field naming a scope (`project` for FCM, `topic` for APNs). */
function createBehaviour(scopeField) {
  const service = emptyRules();
  const scoped = new Map();
  const state = { received: [] };
  const counts = new Map();
  const countsOf = (scope) => {
    const key = String(scope ?? '');
    if (!counts.has(key)) counts.set(key, { held: 0, abandoned: 0 });
    return counts.get(key);
  };
  const total = () => [...counts.values()].reduce((a, c) => ({ held: a.held + c.held, abandoned: a.abandoned + c.abandoned }), { held: 0, abandoned: 0 });
  const rulesFor = (scope) => (scope != null && scoped.has(String(scope)) ? [scoped.get(String(scope)), service] : [service]);
  return {
    state,
    /** Applies a control body (`fail_next`/`status`/`retry_after`, `gone`, `slow_ms`, and the scope field, if any); answers the rules it set. */
    control(c) {
      const scope = c[scopeField];
      if (scope != null && !scoped.has(String(scope))) scoped.set(String(scope), emptyRules());
      const r = scope == null ? service : scoped.get(String(scope));
      if ('fail_next' in c) Object.assign(r, { failNext: Number(c.fail_next) || 0, status: Number(c.status ?? 500), retryAfter: c.retry_after ?? null });
      if ('slow_ms' in c) r.slowMs = Math.max(0, Number(c.slow_ms) || 0);
      if (c.gone) r.gone.add(String(c.gone));
      return scope == null ? { ...view(r), ...total() } : { [scopeField]: String(scope), ...view(r), ...countsOf(scope) };
    },
    /** The injected failure a request of `scope` answers with, if any (one fewer left). */
    takeFailure(scope) {
      const r = rulesFor(scope).find((rules) => rules.failNext > 0);
      if (!r) return null;
      r.failNext -= 1;
      return { status: r.status, headers: r.retryAfter === null ? {} : { 'retry-after': String(r.retryAfter) } };
    },
    isGone: (scope, token) => rulesFor(scope).some((r) => r.gone.has(token)),
    /** Runs `fn`, answering `res`, once the delay for a request of `scope` has passed (at once without one). */
    later(scope, res, fn) {
      const ms = Math.max(...rulesFor(scope).map((r) => r.slowMs));
      if (ms <= 0) return fn();
      const c = countsOf(scope);
      c.held += 1;
      let holding = true;
      /** Ends the hold once; true the first time. */
      const release = () => {
        if (!holding) return false;
        holding = false;
        c.held -= 1;
        return true;
      };
      res.once('close', () => {
        if (!res.writableEnded && release()) c.abandoned += 1;
      });
      setTimeout(() => {
        release();
        fn();
      }, ms);
    },
  };
}

module.exports = { createBehaviour };
