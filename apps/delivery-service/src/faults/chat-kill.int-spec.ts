import { eventually } from '@herald/testing';
import { prepareChatSends, tallyFates, type ChatSends } from '../testing/chat-sends';
import { startProcessStack, type ProcessStack } from '../testing/process-stack';

/** Chat sends, a quarter each to a Slack channel, a Slack, a Teams and a Discord webhook (each its own). */
const SENDS = 160;
/**
 * How long the chat fakes take to answer each message: enough for the kill to find messages in
 * flight on a loaded machine (the kill comes a poll after the fakes were seen holding some), and
 * shorter than the ack wait and the claim lease below, so a live worker's message is never retaken.
 */
const SLOW_MS = 4_000;
const ACK_WAIT_MS = '7000';

jest.setTimeout(240_000);

/**
 * The delivery process SIGKILLed while chat messages are in flight (the chat fakes answering
 * slowly): after the restart no message may be posted twice, and every one is accounted for: sent
 * (posted once), or failed as interrupted (its worker died holding it: posted at most once).
 */
describe('fault: the delivery process is SIGKILLed in the middle of chat sends', () => {
  let stack: ProcessStack;
  beforeAll(async () => {
    // A killed worker's jobs and claims come back after the ack wait and the lease: short here.
    stack = await startProcessStack({ 'delivery-service': { ACK_WAIT_MS, EMAIL_LEASE_MS: ACK_WAIT_MS, CHAT_RETRY_BASE_MS: '200' } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  /** Sends, then SIGKILLs the delivery process while some messages are posted and others held by the fakes; those it held the claims of. */
  async function sendAndKillMidway(sends: ChatSends): Promise<Set<number>> {
    await sends.sendAll();
    await sends.midway('some chat messages posted, others in flight', { minPosted: SENDS / 10, minHeld: 5 });
    await stack.kill('delivery-service');
    const inFlight = await sends.claimedPending();
    expect(inFlight.size).toBeGreaterThan(0);
    return inFlight;
  }

  it('when it is restarted, then every message was posted at most once, and one not recorded sent failed as interrupted', async () => {
    const sends = await prepareChatSends(stack, { count: SENDS, slowMs: SLOW_MS });
    const inFlight = await sendAndKillMidway(sends);
    expect((await sends.posted()).length).toBeLessThan(SENDS);

    await sends.slow(0);
    await stack.restart('delivery-service');
    const { unaccounted, interrupted, interruptedNotInFlight } = tallyFates(await sends.fates(), [inFlight]);

    // At most once per message, and every one accounted for: sent and posted once, or failed as interrupted.
    expect(unaccounted).toEqual([]);
    // Only messages in flight at the kill were lost to it.
    expect(interrupted.length).toBeGreaterThan(0);
    expect(interruptedNotInFlight).toEqual([]);
  });

  it('when it is killed again while it recovers (retaking the dead claims, posting the redelivered messages), then after the second restart every message was still posted at most once and none is left pending', async () => {
    const sends = await prepareChatSends(stack, { count: SENDS, slowMs: SLOW_MS });
    const inFlightAtFirstKill = await sendAndKillMidway(sends);

    // The fakes still slow: the restarted process is caught posting what came back to it.
    const requestedAtFirstKill = await sends.requested();
    await stack.restart('delivery-service');
    await eventually('the restarted process posting messages, some held by the fakes', async () => {
      const requested = await sends.requested();
      return requested - requestedAtFirstKill >= 5 && requested - (await sends.posted()).length >= 5;
    }, { timeoutMs: 120_000 });
    await stack.kill('delivery-service');
    const inFlightAtSecondKill = await sends.claimedPending();
    // The restarted process held claims of its own when it died.
    expect([...inFlightAtSecondKill].filter((id) => !inFlightAtFirstKill.has(id)).length).toBeGreaterThan(0);
    expect((await sends.posted()).length).toBeLessThan(SENDS);

    await sends.slow(0);
    await stack.restart('delivery-service');
    const { unaccounted, interrupted, interruptedNotInFlight } = tallyFates(await sends.fates(), [inFlightAtFirstKill, inFlightAtSecondKill]);

    expect(unaccounted).toEqual([]);
    // Only messages in flight at one of the kills were lost to it.
    expect(interrupted.length).toBeGreaterThan(0);
    expect(interruptedNotInFlight).toEqual([]);
  });
});
