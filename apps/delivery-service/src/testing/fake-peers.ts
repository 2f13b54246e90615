import { Code, ConnectError, type ConnectRouter } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { ContactSchema, PreferenceService, RecipientService, RecipientSchema } from '@herald/contracts';
import { createLogger, startRpcServer, type RpcServer } from '@herald/service-kit';

/**
 * In-memory stand-ins for the recipient and preference services (other services, not the store or
 * broker): just enough of their contracts for the delivery service's integration tests.
 */
export class FakePeers {
  /** project → recipient ids in creation order */
  readonly recipients = new Map<bigint, string[]>();
  /** `${project}|${recipient}` → primary email */
  readonly emails = new Map<string, string>();
  /** `${project}|${channel}|${topic}|${event}|${medium}` cataloged (topic `any` covers every topic but `none`) */
  readonly catalog = new Set<string>();
  /** `${project}|${recipient}|${medium}` muted */
  readonly muted = new Set<string>();
  ensureCalls = 0;
  /** While true, the preference service answers every ResolveBatch with `unavailable` (an outage). */
  preferencesDown = false;
  /** Extra time every ResolveBatch takes (a slow dependency). */
  resolveDelayMs = 0;
  resolveCalls = 0;

  addRecipients(project: bigint, ids: string[]) {
    const list = this.recipients.get(project) ?? [];
    const have = new Set(list);
    for (const id of ids) if (!have.has(id)) list.push(id);
    this.recipients.set(project, list);
  }
  hasRecipient(project: bigint, id: string) {
    return (this.recipients.get(project) ?? []).includes(id);
  }
  covered(project: bigint, t: { channel: string; topic: string; event: string } | undefined, medium: string) {
    if (!t) return false;
    const exact = this.catalog.has(`${project}|${t.channel}|${t.topic}|${t.event}|${medium}`);
    const any = t.topic !== 'none' && this.catalog.has(`${project}|${t.channel}|any|${t.event}|${medium}`);
    return exact || any;
  }

  routes = (router: ConnectRouter) => {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const self = this;
    router.service(RecipientService, {
      ensureRecipient: async (req) => {
        this.ensureCalls += 1;
        const created = !this.hasRecipient(req.projectId, req.id);
        this.addRecipients(req.projectId, [req.id]);
        return { recipient: create(RecipientSchema, { id: req.id }), created };
      },
      getRecipient: async (req) => {
        if (!this.hasRecipient(req.projectId, req.id)) throw new ConnectError('Recipient not found', Code.NotFound);
        return { recipient: create(RecipientSchema, { id: req.id }) };
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
      getPrimaryContacts: async (req) => ({
        contacts: req.recipientIds
          .filter((id) => this.emails.has(`${req.projectId}|${id}`))
          .map((id) => create(ContactSchema, { recipientId: id, medium: 'email', address: this.emails.get(`${req.projectId}|${id}`)!, isPrimary: true })),
      }),
    });
    router.service(PreferenceService, {
      resolveBatch: async (req) => {
        this.resolveCalls += 1;
        if (this.resolveDelayMs > 0) await new Promise((r) => setTimeout(r, this.resolveDelayMs));
        if (this.preferencesDown) throw new ConnectError('preference service is down', Code.Unavailable);
        const covered = this.covered(req.projectId, req.target, req.medium);
        return {
          covered,
          enabled: req.recipientIds.map((id) => {
            if (this.muted.has(`${req.projectId}|${id}|${req.medium}`)) return false;
            return req.medium === 'in_app' ? true : covered;
          }),
        };
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
    await this.server?.close();
  }
}
