import { violation, type Violation } from '@herald/service-kit';

/** The push services a device registers with. */
export const DEVICE_PLATFORMS = ['fcm', 'apns'] as const;
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];

/** Devices a recipient keeps: registering one more removes the least recently registered. */
export const MAX_DEVICES_PER_RECIPIENT = 20;

const APP_ID_MAX = 255;
const LOCALE_MAX = 35;

/** An APNs device token: 32 bytes, written as 64 hexadecimal digits. */
const APNS_TOKEN = /^[0-9a-fA-F]{64}$/;
/** An FCM registration token: URL-safe characters and colons, far shorter than FCM's 4 KiB bound. */
const FCM_TOKEN = /^[A-Za-z0-9_\-:]{32,4096}$/;
/** A BCP 47 language tag in its common shape (`en`, `pt-BR`, `zh-Hant-TW`). */
const LOCALE = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/;

export interface DeviceInput {
  platform: string;
  token: string;
  appId?: string;
  locale?: string;
}

function tokenViolation(platform: DevicePlatform, token: string): Violation | null {
  if (platform === 'apns') return APNS_TOKEN.test(token) ? null : violation('token', 'token must be an APNs device token: 64 hexadecimal digits', token);
  return FCM_TOKEN.test(token) ? null : violation('token', 'token must be an FCM registration token: 32 to 4096 letters, digits, -, _ or :', token);
}

export function isDevicePlatform(value: string): value is DevicePlatform {
  return (DEVICE_PLATFORMS as readonly string[]).includes(value);
}

/** Why a device registration is refused, field by field; empty when it is valid. */
export function deviceViolations(input: DeviceInput): Violation[] {
  if (!isDevicePlatform(input.platform)) return [violation('platform', `platform must be one of ${DEVICE_PLATFORMS.join(', ')}`, input.platform)];
  const found = [tokenViolation(input.platform, input.token)];
  if (input.appId !== undefined && (input.appId.length === 0 || input.appId.length > APP_ID_MAX)) {
    found.push(violation('app_id', `app_id must be 1 to ${APP_ID_MAX} characters`, input.appId));
  }
  if (input.locale !== undefined && (input.locale.length > LOCALE_MAX || !LOCALE.test(input.locale))) {
    found.push(violation('locale', 'locale must be a language tag such as en or pt-BR', input.locale));
  }
  return found.filter((v): v is Violation => v !== null);
}

/** The stored form of a token: APNs tokens in lowercase hex (the same device whatever the case sent). */
export const normalizeToken = (platform: DevicePlatform, token: string): string => (platform === 'apns' ? token.toLowerCase() : token);
