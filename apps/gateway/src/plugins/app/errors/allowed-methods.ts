import FindMyWay from 'find-my-way';

/**
 * Which methods a path answers. Every route the app registers is recorded here; for a request
 * that matched no route, `of(url)` finds the most specific route template the path matches under
 * any method (static segments before parameters, as the router itself prefers) and lists the
 * methods of that template, so `TRACE /recipients` or `PUT /notifications/send` is a 405 with
 * `Allow` naming exactly what the document declares for that path, not a 404.
 */
export function createAllowedMethods() {
  const router = FindMyWay({ maxParamLength: 4096 });
  const methodsOf = new Map<string, Set<string>>();
  const noop = () => undefined;
  return {
    add(method: string | string[], url: string): void {
      // A catch-all (the CORS preflight's `OPTIONS *`) names no resource.
      if (url === '*' || url === '/*') return;
      for (const m of Array.isArray(method) ? method : [method]) {
        if (!methodsOf.has(url)) methodsOf.set(url, new Set());
        methodsOf.get(url)!.add(m);
        if (!router.hasRoute(m as never, url)) router.on(m as never, url, noop, { template: url });
      }
    },
    /** The methods of the route template `url` (path and query) falls under, sorted; empty when none. */
    of(url: string): string[] {
      const path = url.split('?', 1)[0];
      const methods = new Set([...methodsOf.values()].flatMap((s) => [...s]));
      const templates = [...methods]
        .map((m) => router.find(m as never, path))
        .filter((found) => found !== null)
        .map((found) => (found!.store as { template: string }).template);
      if (templates.length === 0) return [];
      const params = (t: string) => (t.match(/[:*]/g) ?? []).length;
      const best = templates.sort((a, b) => params(a) - params(b) || b.length - a.length)[0];
      return [...methodsOf.get(best)!].sort();
    },
  };
}
