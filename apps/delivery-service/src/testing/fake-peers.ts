import { Code, ConnectError, type ConnectRouter } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { ContactSchema, PreferenceService, RecipientService, RecipientSchema } from '@herald/contracts';
import { createLogger, sleep, startRpcServer, type RpcServer } from '@herald/service-kit';

/**
 * In-memory stand-ins for the recipient and preference services (other services, not the store or
 * broker): just enough of their contracts for the delivery service's integration tests.
 */
export class FakePeers {
  /** project → recipient ids in creation order */
  readonly recipients = new Map<bigint, string[]>();
  /** `${project}|${recipient}` → primary email */
  readonly emails = new Map<string, string>();
  /** Primary contacts per medium, `${project}|${recipient}` → address (email is `emails`). */
  readonly contacts: Record<string, Map<string, string>> = { email: this.emails, sms: new Map(), web_push: new Map() };
  /** `${project}|${recipient}` → undeliverable reason of the primary email (MarkContactUndeliverable) */
  readonly undeliverable = new Map<string, string>();
  /** `${medium}|${project}|${recipient}` → undeliverable reason of the primary contact of sms and web_push. */
  readonly undeliverableOf = new Map<string, string>();
  /** MarkContactUndeliverable calls, in order. */
  readonly marks: { medium: string; recipientId: string; address: string; reason: string }[] = [];
  /** `${project}|${recipient}` whose primary email awaits its owner's confirmation. */
  readonly unconfirmed = new Set<string>();
  /** How many more MarkContactUndeliverable calls fail `unavailable`. */
  markFailures = 0;
  /** `${project}|${channel}|${topic}|${event}|${medium}` cataloged (topic `any` covers every topic but `none`) */
  readonly catalog = new Set<string>();
  /**
   * `${project}|${channel}|${topic}|${event}|${medium}` → what the catalog entry there asks of delivery
   * (digest, throttle). Setting one also catalogs the pair.
   */
  readonly entries = new Map<string, { id: bigint; digest?: { windowSeconds: number; maxItems: number; subject: string }; throttle?: { max: number; windowSeconds: number } }>();
  /** `${project}|${recipient}|${medium}` muted */
  readonly muted = new Set<string>();
  /** `${project}|${recipient}` → creation sequence (incarnation), service-wide like the real one */
  readonly seqs = new Map<string, number>();
  private lastSeq = 0;
  /** ListRecipientIds calls: project → the `after` cursor of each call. */
  readonly idPageCalls = new Map<bigint, string[]>();
  /** `${project}|${after}` → how many more calls for that page fail `unavailable`. */
  readonly failIdPage = new Map<string, number>();
  /** `${project}|${after}` → what calls for that page wait for before answering (a slow recipient service: see `holdIdPage`). */
  private readonly idPageHeld = new Map<string, Promise<void>>();
  ensureCalls = 0;
  /** While true, the preference service answers every ResolveBatch with `unavailable` (an outage). */
  preferencesDown = false;
  /** Extra time every ResolveBatch takes (a slow dependency, slower than a job's ack wait: real time). */
  resolveDelayMs = 0;
  private readonly stopping = new AbortController();
  resolveCalls = 0;

  /**
   * Holds ListRecipientIds calls for one page of a project (`after`: '' for the first page) until the
   * returned release is called; the calls are recorded as they arrive.
   */
  holdIdPage(project: bigint, after: string): () => void {
    let release!: () => void;
    this.idPageHeld.set(`${project}|${after}`, new Promise<void>((resolve) => (release = resolve)));
    return () => {
      this.idPageHeld.delete(`${project}|${after}`);
      release();
    };
  }

  addRecipients(project: bigint, ids: string[]) {
    const list = this.recipients.get(project) ?? [];
    const have = new Set(list);
    for (const id of ids) {
      if (have.has(id)) continue;
      list.push(id);
      this.seqs.set(`${project}|${id}`, ++this.lastSeq);
    }
    this.recipients.set(project, list);
  }
  /** Erases a recipient (a later addRecipients of the id is a new incarnation); returns the erased seq. */
  removeRecipient(project: bigint, id: string): number {
    const list = this.recipients.get(project) ?? [];
    this.recipients.set(project, list.filter((x) => x !== id));
    const seq = this.seqs.get(`${project}|${id}`)!;
    this.seqs.delete(`${project}|${id}`);
    return seq;
  }
  hasRecipient(project: bigint, id: string) {
    return (this.recipients.get(project) ?? []).includes(id);
  }
  covered(project: bigint, t: { channel: string; topic: string; event: string } | undefined, medium: string) {
    if (!t) return false;
    const has = (k: string) => this.catalog.has(k) || this.entries.has(k);
    const exact = has(`${project}|${t.channel}|${t.topic}|${t.event}|${medium}`);
    const any = t.topic !== 'none' && has(`${project}|${t.channel}|any|${t.event}|${medium}`);
    return exact || any;
  }

  /** One medium's resolution of a ResolveBatch request, as the real cascade reports it. */
  private resolve(req: { projectId: bigint; target?: { channel: string; topic: string; event: string }; recipientIds: string[] }, medium: string) {
    const covered = this.covered(req.projectId, req.target, medium);
    // Decisions as the real cascade reports them: a muting rule is the recipient's
    // exact rule (step 1); otherwise a covering entry (step 3), else the medium's default (step 5).
    const t = req.target!;
    const rule = { because: 'recipient_rule', recipientRule: { target: { channel: t.channel, topic: t.topic, event: t.event }, medium, enabled: false, setVia: 'api_key' } };
    const entry = { because: 'catalog_entry', catalogEntry: { id: 1n, label: 'fake entry', target: { channel: t.channel, topic: t.topic, event: t.event }, medium, defaultEnabled: true, mandatory: false } };
    const byDefault = { because: 'medium_default' };
    const muted = req.recipientIds.map((id) => this.muted.has(`${req.projectId}|${id}|${medium}`));
    const exactKey = `${req.projectId}|${t.channel}|${t.topic}|${t.event}|${medium}`;
    const anyKey = `${req.projectId}|${t.channel}|any|${t.event}|${medium}`;
    const governing = this.entries.get(exactKey) ?? (t.topic !== 'none' ? this.entries.get(anyKey) : undefined);
    const governingTarget = this.entries.has(exactKey) ? t : { ...t, topic: 'any' };
    return {
      governing: governing && { id: governing.id, target: { channel: governingTarget.channel, topic: governingTarget.topic, event: governingTarget.event }, digest: governing.digest, throttle: governing.throttle },
      covered,
      enabled: muted.map((m) => !m && (medium === 'in_app' ? true : covered)),
      decisions: [rule, covered ? entry : byDefault],
      decisionOf: muted.map((m) => (m ? 0 : 1)),
    };
  }

  routes = (router: ConnectRouter) => {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const self = this;
    router.service(RecipientService, {
      ensureRecipient: async (req) => {
        this.ensureCalls += 1;
        const created = !this.hasRecipient(req.projectId, req.id);
        this.addRecipients(req.projectId, [req.id]);
        return { recipient: create(RecipientSchema, { id: req.id, seq: BigInt(this.seqs.get(`${req.projectId}|${req.id}`)!) }), created };
      },
      ensureRecipients: async (req) => {
        this.ensureCalls += 1;
        const created = [...new Set(req.ids)].filter((id) => !this.hasRecipient(req.projectId, id));
        this.addRecipients(req.projectId, req.ids);
        return { created, seqs: req.ids.map((id) => BigInt(this.seqs.get(`${req.projectId}|${id}`)!)) };
      },
      getRecipient: async (req) => {
        if (!this.hasRecipient(req.projectId, req.id)) throw new ConnectError('Recipient not found', Code.NotFound);
        return { recipient: create(RecipientSchema, { id: req.id, seq: BigInt(this.seqs.get(`${req.projectId}|${req.id}`)!) }) };
      },
      streamRecipientIds: async function* (req) {
        const list = self.recipients.get(req.projectId) ?? [];
        let start = req.after === '' ? 0 : Number(req.after);
        const size = req.pageSize || 1000;
        while (start < list.length) {
          const page = list.slice(start, start + size);
          start += page.length;
          yield { recipientIds: page, cursor: String(start) };
        }
      },
      listRecipientIds: async (req) => {
        this.idPageCalls.set(req.projectId, [...(this.idPageCalls.get(req.projectId) ?? []), req.after]);
        await this.idPageHeld.get(`${req.projectId}|${req.after}`);
        const failing = this.failIdPage.get(`${req.projectId}|${req.after}`) ?? 0;
        if (failing > 0) {
          this.failIdPage.set(`${req.projectId}|${req.after}`, failing - 1);
          throw new ConnectError('recipient service is busy', Code.Unavailable);
        }
        const after = req.after === '' ? 0 : Number(req.after);
        const bound = req.upperBound === '' ? this.lastSeq : Number(req.upperBound);
        const size = req.pageSize || 1000;
        // A project's list is in seq order (ids are appended with a growing seq, removals keep the
        // order): find the page by binary search, so a 100,000-recipient fan-out costs each page
        // its own size, not the whole list (this runs in the test's process, beside the service).
        const list = this.recipients.get(req.projectId) ?? [];
        const seqOf = (id: string) => this.seqs.get(`${req.projectId}|${id}`)!;
        let lo = 0;
        for (let hi = list.length; lo < hi; ) {
          const mid = (lo + hi) >>> 1;
          if (seqOf(list[mid]) > after) hi = mid;
          else lo = mid + 1;
        }
        const page: Array<{ id: string; seq: number }> = [];
        for (let i = lo; i < list.length && page.length < size; i++) {
          const seq = seqOf(list[i]);
          if (seq > bound) break;
          page.push({ id: list[i], seq });
        }
        const next = page.length === size ? page[page.length - 1].seq : bound;
        return {
          recipientIds: page.map((r) => r.id),
          recipientSeqs: page.map((r) => BigInt(r.seq)),
          nextAfter: String(next),
          upperBound: String(bound),
          done: next >= bound,
          remainingAtMost: BigInt(Math.max(0, bound - next)),
        };
      },
      getPrimaryContacts: async (req) => {
        const of = this.contacts[req.medium] ?? new Map<string, string>();
        const reasonOf = (key: string) => (req.medium === 'email' ? this.undeliverable.get(key) : this.undeliverableOf.get(`${req.medium}|${key}`));
        return {
          contacts: req.recipientIds
            .filter((id) => of.has(`${req.projectId}|${id}`))
            .map((id) =>
              create(ContactSchema, {
                recipientId: id,
                medium: req.medium,
                address: of.get(`${req.projectId}|${id}`)!,
                isPrimary: true,
                undeliverableReason: reasonOf(`${req.projectId}|${id}`),
                awaitingConfirmation: req.medium === 'email' && this.unconfirmed.has(`${req.projectId}|${id}`),
              }),
            ),
        };
      },
      markContactUndeliverable: async (req) => {
        if (this.markFailures > 0) {
          this.markFailures -= 1;
          throw new ConnectError('recipient service is busy', Code.Unavailable);
        }
        const key = `${req.projectId}|${req.recipientId}`;
        if (this.contacts[req.medium]?.get(key) !== req.address) return { marked: false };
        this.marks.push({ medium: req.medium, recipientId: req.recipientId, address: req.address, reason: req.reason });
        if (req.medium === 'email') this.undeliverable.set(key, req.reason);
        else this.undeliverableOf.set(`${req.medium}|${key}`, req.reason);
        return { marked: true };
      },
    });
    router.service(PreferenceService, {
      resolveBatch: async (req) => {
        this.resolveCalls += 1;
        if (this.resolveDelayMs > 0) await sleep(this.resolveDelayMs, { signal: this.stopping.signal });
        if (this.preferencesDown) throw new ConnectError('preference service is down', Code.Unavailable);
        if (req.mediums.length > 0) return { byMedium: req.mediums.map((medium) => ({ medium, ...this.resolve(req, medium) })) };
        return this.resolve(req, req.medium);
      },
      checkCoverage: async (req) => ({ covered: req.queries.map((q) => this.covered(req.projectId, q.target, q.medium)) }),
    });
  };

  server: RpcServer | null = null;
  async start(): Promise<string> {
    this.server = await startRpcServer({ routes: this.routes, port: 0, host: '127.0.0.1', logger: createLogger('fake-peers', 'warn') });
    return `http://127.0.0.1:${this.server.port}`;
  }
  async stop() {
    this.stopping.abort(new ConnectError('the fake peers stopped', Code.Unavailable));
    await this.server?.close();
  }
}
