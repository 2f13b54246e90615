import { Code, ConnectError, createClient, type Client } from '@connectrpc/connect';
import { createGrpcTransport } from '@connectrpc/connect-node';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { PreferenceService, RecipientService, type Decision, type MediumResolution as MediumResolutionMessage } from '@herald/contracts';
import { invalid, PeerSessionManager, serviceClientInterceptors } from '@herald/service-kit';
import type { CascadeDecision, CascadeStep } from '../kernel/decision';
import type { Device, DeviceDirectory, MediumResolution, PreferenceResolver, RecipientDirectory } from '../kernel/ports';

export type RecipientClient = Client<typeof RecipientService>;
export type PreferenceClient = Client<typeof PreferenceService>;

export interface PeerClients {
  recipients: RecipientClient;
  preferences: PreferenceClient;
  close(): void;
}

/** Recipient ids per ListDevicesForRecipients call (the recipient service takes at most 1,000). */
const DEVICE_READ_BATCH = 1000;

/** The use cases' DeviceDirectory on the recipient service's client. */
export function deviceDirectory(client: RecipientClient): DeviceDirectory {
  const deviceOf = (d: { id: bigint; platform: string; token: string }): Device => ({ id: Number(d.id), platform: d.platform, token: d.token });
  return {
    async list(projectId, recipientId) {
      const { devices } = await client.listDevices({ projectId: BigInt(projectId), recipientId });
      return devices.map(deviceOf);
    },
    async listForRecipients(projectId, recipientIds) {
      const byRecipient = new Map<string, Device[]>();
      for (let from = 0; from < recipientIds.length; from += DEVICE_READ_BATCH) {
        const { devices } = await client.listDevicesForRecipients({ projectId: BigInt(projectId), recipientIds: recipientIds.slice(from, from + DEVICE_READ_BATCH) });
        for (const d of devices) {
          const owned = byRecipient.get(d.recipientId) ?? [];
          owned.push(deviceOf(d));
          byRecipient.set(d.recipientId, owned);
        }
      }
      return byRecipient;
    },
    async remove(projectId, recipientId, deviceId) {
      try {
        await client.deleteDevice({ projectId: BigInt(projectId), recipientId, deviceId: BigInt(deviceId) });
      } catch (err) {
        if (ConnectError.from(err).code !== Code.NotFound) throw err;
      }
    },
  };
}

/**
 * The use cases' RecipientDirectory on the recipient service's client: a request the service
 * refuses itself (invalid argument, unimplemented) becomes a domain error, so the use case can tell
 * it from an outage without knowing Connect codes.
 */
export function recipientDirectory(client: RecipientClient): RecipientDirectory {
  return {
    getPrimaryContacts: (req) => client.getPrimaryContacts(req),
    markContactUndeliverable: (req) => client.markContactUndeliverable(req),
    async listRecipientIds(req, opts) {
      try {
        return await client.listRecipientIds(req, opts);
      } catch (err) {
        const code = ConnectError.from(err).code;
        if (code === Code.InvalidArgument || code === Code.Unimplemented) throw invalid(`recipient service refused ListRecipientIds: ${ConnectError.from(err).rawMessage}`, [], 'peer_refused');
        throw err;
      }
    },
  };
}

/** A cascade decision as the preference service sends it, in the shape the notification stores. */
export function cascadeDecisionOf(d: Decision | undefined): CascadeDecision | undefined {
  if (!d?.because) return undefined;
  const r = d.recipientRule;
  const c = d.catalogEntry;
  const target = (t: { channel: string; topic: string; event: string } | undefined) => ({ channel: t?.channel ?? '', topic: t?.topic ?? '', event: t?.event ?? '' });
  return {
    because: d.because as CascadeStep,
    ...(r
      ? { rule: { kind: 'recipient_rule' as const, target: target(r.target), medium: r.medium, enabled: r.enabled, set_at: r.setAt ? timestampDate(r.setAt) : null, set_via: r.setVia ?? null } }
      : c
        ? { rule: { kind: 'catalog_entry' as const, id: Number(c.id), label: c.label, target: target(c.target), medium: c.medium, default_enabled: c.defaultEnabled, mandatory: c.mandatory } }
        : {}),
  };
}

/** One medium's resolution as the use cases read it (the batch's distinct decisions mapped once each). */
function mediumResolutionOf(r: Pick<MediumResolutionMessage, 'enabled' | 'covered' | 'mandatory' | 'decisions' | 'decisionOf' | 'governing'>, recipientIds: string[]): MediumResolution {
  const distinct = r.decisions.map(cascadeDecisionOf);
  const g = r.governing;
  return {
    enabled: r.enabled,
    covered: r.covered,
    mandatory: r.mandatory,
    decisions: recipientIds.map((_, i) => distinct[r.decisionOf[i] ?? -1]),
    ...(g
      ? {
          governing: {
            id: Number(g.id),
            target: { channel: g.target?.channel ?? '', topic: g.target?.topic ?? '', event: g.target?.event ?? '' },
            ...(g.digest ? { digest: { windowSeconds: g.digest.windowSeconds, maxItems: g.digest.maxItems, subject: g.digest.subject } } : {}),
            ...(g.throttle ? { throttle: { max: g.throttle.max, windowSeconds: g.throttle.windowSeconds } } : {}),
          },
        }
      : {}),
  };
}

/**
 * The use cases' PreferenceResolver on the preference service's client: all mediums in one call.
 * A preference service that predates `mediums` answers the first medium alone (in the top-level
 * fields, `by_medium` empty); the others are then asked one call each.
 */
export function preferenceResolver(client: PreferenceClient): PreferenceResolver {
  return {
    checkCoverage: (req) => client.checkCoverage(req),
    async resolveBatch({ mediums, ...batch }) {
      const r = await client.resolveBatch({ ...batch, medium: mediums[0], mediums });
      const answers = r.byMedium.length > 0 ? r.byMedium : [r, ...(await Promise.all(mediums.slice(1).map((medium) => client.resolveBatch({ ...batch, medium }))))];
      return answers.map((a) => mediumResolutionOf(a, batch.recipientIds));
    },
  };
}

/**
 * gRPC clients of the services the delivery service calls, one HTTP/2 session each; calls join the
 * active trace and carry the service token when one is given.
 */
export function createPeerClients(urls: { recipients: string; preferences: string; serviceToken?: string }): PeerClients {
  const sessions: PeerSessionManager[] = [];
  const interceptors = serviceClientInterceptors({ SERVICE_TOKEN: urls.serviceToken });
  const transport = (baseUrl: string) => {
    const sessionManager = new PeerSessionManager(baseUrl);
    sessions.push(sessionManager);
    return createGrpcTransport({ baseUrl, sessionManager, defaultTimeoutMs: 15_000, interceptors });
  };
  return {
    recipients: createClient(RecipientService, transport(urls.recipients)),
    preferences: createClient(PreferenceService, transport(urls.preferences)),
    close() {
      for (const s of sessions) s.abort();
    },
  };
}
