import { generateKeyPairSync } from 'node:crypto';
import { eventually } from '@herald/testing';
import type { OutboundOutcome } from '../kernel/notification';
import { createOutcomeRecords, type RecordedNotification } from '../kernel/store/outcome-records';
import { startProcessStack, type ProcessStack } from '../testing/process-stack';

const RECIPIENTS = 300;
/** How long the fakes take to answer each push: enough for the kill to find pushes in flight. */
const SLOW_MS = 300;
const target = { channel: 'ops', topic: 'alerts', event: 'paged' };

jest.setTimeout(240_000);

type Platform = 'fcm' | 'apns';
interface Received {
  to: string;
}
interface Device {
  id: number;
  platform: Platform;
  token: string;
}

const tokenOf = (platform: Platform, i: number) => (platform === 'apns' ? (i + 1).toString(16).padStart(64, '0') : `kill-${i}:APA91b${'k'.repeat(40)}`);

/**
 * The delivery process SIGKILLed while a broadcast's mobile pushes are in flight (the FCM and APNs
 * fakes answering slowly): after the restart no device may get the push twice, and a device that
 * did not get it is named in its notification's outcome with the reason.
 */
describe('fault: the delivery process is SIGKILLed in the middle of a mobile push fan-out', () => {
  let stack: ProcessStack;
  beforeAll(async () => {
    // A killed worker's jobs and claims come back after the ack wait and the lease: short here.
    stack = await startProcessStack({ 'delivery-service': { ACK_WAIT_MS: '2000', EMAIL_LEASE_MS: '2000', MOBILE_PUSH_RETRY_BASE_MS: '200' } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const sink = <T>(method: string, path: string, body?: unknown) => stack.sink<T>(method, path, body);
  const receivedPushes = async () => [...(await sink<Received[]>('GET', '/fcm')), ...(await sink<Received[]>('GET', '/apns'))];
  const slow = async (ms: number) => {
    for (const platform of ['fcm', 'apns']) await sink('POST', `/${platform}/control`, { slow_ms: ms });
  };

  async function configureProviders(projectId: bigint): Promise<void> {
    const apns = await sink<{ key_p8: string; key_id: string; team_id: string }>('GET', '/apns/key');
    await stack.providers().putProvider({ projectId, name: 'apns', settingsJson: JSON.stringify({ key_p8: apns.key_p8, key_id: apns.key_id, team_id: apns.team_id, bundle_id: 'com.example.app', environment: 'sandbox' }) });
    const privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const serviceAccount = { type: 'service_account', project_id: 'herald-kill', client_email: 'push@herald-kill.iam.gserviceaccount.com', private_key: privateKey, token_uri: `${stack.mailApiUrl}/fcm/token` };
    await stack.providers().putProvider({ projectId, name: 'fcm', settingsJson: JSON.stringify({ service_account: serviceAccount }) });
  }

  /** RECIPIENTS recipients with an FCM and an APNs device each. */
  async function recipientsWithDevices(projectId: bigint): Promise<Device[]> {
    const ids = Array.from({ length: RECIPIENTS }, (_, i) => `m${String(i).padStart(4, '0')}`);
    await stack.recipients.batchUpsertRecipients({ projectId, items: ids.map((id, batchIndex) => ({ id, batchIndex })) });
    const devices: Device[] = [];
    const register = async (lane: number) => {
      for (let i = lane; i < ids.length; i += 10) {
        for (const platform of ['fcm', 'apns'] as const) {
          const { device } = await stack.recipients.addDevice({ projectId, recipientId: ids[i], platform, token: tokenOf(platform, i) });
          devices.push({ id: Number(device!.id), platform, token: device!.token });
        }
      }
    };
    await Promise.all(Array.from({ length: 10 }, (_, lane) => register(lane)));
    return devices;
  }

  it('when it is restarted, then every device got the push at most once, and one that did not is named in the outcome with why', async () => {
    const projectId = BigInt(Date.now());
    await configureProviders(projectId);
    await stack.preferences.createCatalogEntry({ projectId, entry: { target, medium: 'mobile_push', name: 'Pages', defaultEnabled: true, mandatory: false } });
    const devices = await recipientsWithDevices(projectId);
    await slow(SLOW_MS);

    const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n, maxBroadcastRecipientsForMobilePush: BigInt(RECIPIENTS), monthlyQuota: 1_000_000n };
    const sent = await stack.delivery().send({ projectId, settings, target, payloadJson: '{"t":"paged"}', mobilePush: { title: 'Paged', body: 'the database is down', badgeUnread: false } });
    const broadcastId = Number(sent.broadcast!.id);

    // In the middle: some pushes reached the fakes, not all of them.
    await eventually('some pushes received', async () => (await receivedPushes()).length >= devices.length / 10, { timeoutMs: 120_000 });
    await stack.kill('delivery-service');
    const atKill = (await receivedPushes()).length;
    expect(atKill).toBeLessThan(devices.length);
    const db = stack.deliveryDb.db;
    // Pushes were in flight: claimed `sending`, their end not recorded.
    const inFlight = await db.collection('mobile_push_attempts').countDocuments({ project_id: Number(projectId), state: 'sending' });
    expect(inFlight).toBeGreaterThan(0);

    await slow(0);
    await stack.restart('delivery-service');
    const outcomes = createOutcomeRecords(db);
    const docs = await eventually('every mobile push outcome final', async () => {
        const found = await outcomes.follow(await db.collection<RecordedNotification>('notifications').find({ broadcast_id: broadcastId }).toArray());
        return found.length === RECIPIENTS && found.every((d) => d.mobile_push && d.mobile_push.status !== 'pending') ? found : undefined;
      }, { timeoutMs: 150_000 }
    );

    // At most once per device.
    const received = await receivedPushes();
    const times = new Map<string, number>();
    for (const r of received) times.set(r.to, (times.get(r.to) ?? 0) + 1);
    expect([...times].filter(([, n]) => n > 1)).toEqual([]);

    // A device that did not get it is named in its notification's outcome, with why.
    const outcomeOf = new Map<number, OutboundOutcome>();
    for (const d of docs) for (const id of String(d.mobile_push!.address).split(',')) outcomeOf.set(Number(id), d.mobile_push!);
    const unexplained = devices.filter((d) => !times.has(d.token) && !new RegExp(`device ${d.id} (failed|gone|retry) \\(.+\\)`).test(outcomeOf.get(d.id)?.error ?? ''));
    expect(unexplained).toEqual([]);
    expect(outcomeOf.size).toBe(devices.length);

    // The kill cost only the pushes in flight: a large majority went out.
    expect(times.size).toBeGreaterThanOrEqual(devices.length * 0.8);
    expect(times.size).toBeGreaterThan(atKill);
  });
});
