import { prepareChatSends, tallyFates, type ChatFate } from '../testing/chat-sends';
import { startProcessStack, type ProcessStack } from '../testing/process-stack';

/** Chat sends, each to a Slack channel of its own: a post's token tells which replica made it. */
const SENDS = 160;
/** How long the chat fakes take to answer each message: enough for the kill to find messages in flight. */
const SLOW_MS = 1_500;
const SURVIVOR_TOKEN = 'xoxb-herald-fault-survivor';
const DOOMED_TOKEN = 'xoxb-herald-fault-doomed';

jest.setTimeout(240_000);

/**
 * Two delivery replicas sharing the store and the stream, one SIGKILLed while both are posting chat
 * messages (the fakes answering slowly): the survivor takes the dead one's jobs over, no message is
 * posted twice, each is accounted for, and only the dead one's messages may end interrupted.
 */
describe('fault: one of two delivery replicas is SIGKILLed in the middle of chat sends', () => {
  let stack: ProcessStack;
  let doomed: { kill(): Promise<void> };
  beforeAll(async () => {
    // A killed worker's jobs and claims come back after the ack wait and the lease: short here.
    // Few messages in hand per replica: each has a queue of its own to work through, so whenever
    // both have posted some, both still have messages in flight (however late a loaded machine kills).
    const env = { ACK_WAIT_MS: '2000', EMAIL_LEASE_MS: '2000', CHAT_RETRY_BASE_MS: '200', CHAT_CONCURRENCY: '8' };
    stack = await startProcessStack({ 'delivery-service': { ...env, SLACK_BOT_TOKEN: SURVIVOR_TOKEN } });
    doomed = await stack.startDeliveryReplica({ SLACK_BOT_TOKEN: DOOMED_TOKEN });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('when the other keeps consuming, then it takes the dead one over: every message posted at most once, accounted for, and none of its own failed as interrupted', async () => {
    const sends = await prepareChatSends(stack, { count: SENDS, slowMs: SLOW_MS, kinds: ['slack-channel'] });
    await sends.sendAll();
    // Both replicas posting, and messages held by the fakes.
    await sends.midway('both replicas posting, others in flight', { minPosted: SENDS / 20, minHeld: 5, by: [`Bearer ${SURVIVOR_TOKEN}`, `Bearer ${DOOMED_TOKEN}`] });
    // Read before the kill as well: the survivor may end its messages in flight before a read after it.
    const inFlightBeforeKill = await sends.claimedPending();
    await doomed.kill();
    const inFlight = await sends.claimedPending();
    expect(inFlight.size).toBeGreaterThan(0);
    expect((await sends.posted()).length).toBeLessThan(SENDS);

    await sends.slow(0);
    const fates = await sends.fates();
    const { unaccounted, interrupted, interruptedNotInFlight } = tallyFates(fates, [inFlight]);
    const bySurvivor = (f: ChatFate) => f.posts.some((p) => p.authorization === `Bearer ${SURVIVOR_TOKEN}`);

    // None left pending (the survivor, the only process left, ended the dead one's too), each posted at most once.
    expect(unaccounted).toEqual([]);
    // The dead replica had messages in flight, which the survivor ended; only those (in flight at the kill, not posted by the survivor).
    expect(interrupted.length).toBeGreaterThan(0);
    expect(interruptedNotInFlight).toEqual([]);
    expect(interrupted.filter(bySurvivor)).toEqual([]);
    // The survivor too had messages in flight around the kill: they ended sent.
    expect(fates.filter((f) => inFlightBeforeKill.has(f.notificationId) && bySurvivor(f) && f.outcome.status === 'sent').length).toBeGreaterThan(0);
  });
});
