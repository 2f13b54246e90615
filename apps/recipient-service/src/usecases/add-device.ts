import { deviceViolations, MAX_DEVICES_PER_RECIPIENT, normalizeToken, type DevicePlatform } from '../domain/device-rules';
import { assertValid } from '../domain/errors';
import type { DeviceRecord, DeviceRegistration } from '../store/device-repository';
import { DuplicateError } from '../store/unique';
import type { RecipientDeps } from './deps';
import { requireRecipient } from './require-recipient';

export interface AddDeviceInput {
  projectId: number;
  recipientId: string;
  platform: string;
  token: string;
  appId?: string;
  locale?: string;
}

type Deps = Pick<RecipientDeps, 'recipients' | 'devices' | 'sequences' | 'clock'>;

/**
 * Registers a device. A token already registered in the project is the same device: registered
 * again for this recipient (moving it from another one). Past the per-recipient limit the least
 * recently registered devices go.
 */
export function createAddDevice(deps: Deps) {
  return async function addDevice(input: AddDeviceInput): Promise<{ device: DeviceRecord; created: boolean }> {
    assertValid(deviceViolations(input));
    const { projectId, recipientId } = input;
    await requireRecipient(deps.recipients, projectId, recipientId);
    const registration: DeviceRegistration = {
      platform: input.platform,
      token: normalizeToken(input.platform as DevicePlatform, input.token),
      appId: input.appId ?? null,
      locale: input.locale ?? null,
    };
    const result = await register(deps, projectId, recipientId, registration);
    await deps.devices.trimTo(projectId, recipientId, MAX_DEVICES_PER_RECIPIENT);
    return result;
  };
}

async function register(deps: Deps, projectId: number, recipientId: string, registration: DeviceRegistration) {
  const now = deps.clock.date();
  const existing = await deps.devices.reRegister(projectId, recipientId, registration, now);
  if (existing) return { device: existing, created: false };
  const id = await deps.sequences.next('device');
  try {
    return { device: await deps.devices.insert(projectId, recipientId, id, registration, now), created: true };
  } catch (err) {
    // A concurrent registration of the same token inserted it first: register it again.
    if (!(err instanceof DuplicateError)) throw err;
    const device = await deps.devices.reRegister(projectId, recipientId, registration, now);
    if (!device) throw err;
    return { device, created: false };
  }
}
