import { conflict, notFound } from '@herald/service-kit';
import { MAX_WEBHOOKS_PER_PROJECT } from '@herald/contracts';
import { newWebhookSecret } from '@herald/webhook-signature';
import type { IdAllocator } from '../kernel/id-allocator';
import type { WebhookDoc, WebhookRepository } from './endpoint-repository';
import { check, descriptionProblems, eventTypeProblems, urlProblems } from './webhook-rules';

/** How long a rotated-out secret keeps signing alongside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;

export const webhookNotFound = () => notFound('webhook_not_found', 'Webhook not found');

export interface EndpointDeps {
  webhooks: WebhookRepository;
  webhookIds: IdAllocator;
  now: () => Date;
}

const dedupe = (types: string[]) => [...new Set(types)];

/** The endpoint use cases: create (secret shown once), list, get, update, delete, rotate the secret. */
export function createEndpointUseCases({ webhooks, webhookIds, now }: EndpointDeps) {
  const existing = async (projectId: number, id: number) => (await webhooks.get(projectId, id)) ?? Promise.reject(webhookNotFound());
  return {
    async create(input: { projectId: number; url: string; description?: string; eventTypes: string[] }): Promise<{ webhook: WebhookDoc; secret: string }> {
      check([...urlProblems(input.url), ...descriptionProblems(input.description), ...eventTypeProblems(input.eventTypes)]);
      const at = now();
      const secret = newWebhookSecret();
      const webhook = await webhooks.insert({
        _id: await webhookIds.next(),
        project_id: input.projectId,
        url: input.url,
        description: input.description || null,
        event_types: dedupe(input.eventTypes),
        secrets: [{ value: secret, expires_at: null }],
        status: 'enabled',
        disabled_reason: null,
        failing_since: null,
        created_at: at,
        updated_at: at,
      });
      if (!webhook) throw conflict('webhook_limit_reached', `A project has at most ${MAX_WEBHOOKS_PER_PROJECT} webhooks`);
      return { webhook, secret };
    },
    list: (projectId: number) => webhooks.list(projectId),
    get: existing,
    async update(
      projectId: number,
      id: number,
      patch: { url?: string; description?: string; eventTypes?: string[]; enabled?: boolean },
    ): Promise<WebhookDoc> {
      check([...(patch.url !== undefined ? urlProblems(patch.url) : []), ...descriptionProblems(patch.description), ...eventTypeProblems(patch.eventTypes ?? [])]);
      const before = await existing(projectId, id);
      const set: Partial<WebhookDoc> = { updated_at: now() };
      if (patch.url !== undefined) set.url = patch.url;
      if (patch.description !== undefined) set.description = patch.description || null;
      if (patch.eventTypes !== undefined) set.event_types = dedupe(patch.eventTypes);
      if (patch.enabled === true && before.status !== 'enabled') Object.assign(set, { status: 'enabled', disabled_reason: null, failing_since: null });
      if (patch.enabled === false && before.status !== 'disabled') Object.assign(set, { status: 'disabled', disabled_reason: 'manual' });
      return (await webhooks.update(projectId, id, set)) ?? Promise.reject(webhookNotFound());
    },
    async remove(projectId: number, id: number): Promise<void> {
      if (!(await webhooks.remove(projectId, id))) throw webhookNotFound();
    },
    /** A new current secret; the previous one signs alongside it for 24 h (older ones are dropped). */
    async rotate(projectId: number, id: number): Promise<{ webhook: WebhookDoc; secret: string }> {
      const before = await existing(projectId, id);
      const at = now();
      const secret = newWebhookSecret();
      const kept = before.secrets
        .filter((s) => s.expires_at === null)
        .map((s) => ({ value: s.value, expires_at: new Date(at.getTime() + ROTATION_OVERLAP_MS) }));
      const webhook = await webhooks.update(projectId, id, { secrets: [{ value: secret, expires_at: null }, ...kept], updated_at: at });
      if (!webhook) throw webhookNotFound();
      return { webhook, secret };
    },
  };
}

export type EndpointUseCases = ReturnType<typeof createEndpointUseCases>;
