import type { CascadeDecision } from '../kernel/decision';
import { emailPending, emailSkipped, type OutboundOutcome } from '../kernel/notification';
import type { ConfiguredPlatforms, Device, DeviceDirectory, MediumResolution } from '../kernel/ports';

/** The ports mobile push gating works with. */
export interface GateMobilePushDeps {
  devices?: DeviceDirectory;
  configuredPlatforms?: ConfiguredPlatforms;
}

/**
 * The last gate of mobile push, for the recipients the cascade let through: the recipient's
 * devices whose provider the project configured (the batch's devices read together, see
 * DeviceDirectory.listForRecipients). Each recipient's outcome is `pending` with the
 * ids of those devices as its address (the pushes go to exactly these), or `skipped` `no_device`
 * (none registered) or `provider_not_configured` (none of a configured provider).
 */
export async function gateMobilePush(deps: GateMobilePushDeps, projectId: number, recipientIds: string[], resolved: MediumResolution, out: Map<string, { outcome: OutboundOutcome; decision?: CascadeDecision }>): Promise<void> {
  const enabled = recipientIds.filter((_, i) => resolved.enabled[i]);
  const [platforms, devicesOf] = await Promise.all([
    deps.configuredPlatforms ? deps.configuredPlatforms(projectId) : new Set<string>(),
    deps.devices && enabled.length > 0 ? deps.devices.listForRecipients(projectId, enabled) : new Map<string, Device[]>(),
  ]);
  recipientIds.forEach((id, i) => {
    const decision = resolved.decisions[i];
    const all = devicesOf.get(id) ?? [];
    const reachable = all.filter((d) => platforms.has(d.platform));
    if (!resolved.enabled[i]) out.set(id, { outcome: emailSkipped('preference_disabled'), decision });
    else if (all.length === 0) out.set(id, { outcome: emailSkipped('no_device'), decision });
    else if (reachable.length === 0) out.set(id, { outcome: emailSkipped('provider_not_configured'), decision });
    else out.set(id, { outcome: { ...emailPending(), address: reachable.map((d) => d.id).join(',') }, decision });
  });
}
