import type { OutboundMedium } from '../kernel/outbound';
import { timerId } from '../kernel/store/timer-repository';
import { publishEach } from '../kernel/publish-each';
import type { JobPort } from '../kernel/ports';
import type { TimerRepository } from '../kernel/store/timer-repository';

/** The ports this use case works with. */
export interface DispatchOutboundDeps {
  jobs: JobPort;
  timers: TimerRepository;
}

/** A pending outbound message to hand to its medium's sender, and how long an escalation makes it wait (0: none; email only). */
export interface OutboundToDispatch {
  medium: OutboundMedium;
  projectId: number;
  id: number;
  delaySeconds: number;
}

/**
 * Hands pending outbound messages (email, SMS, web push) to their medium's sender: at once (an
 * OutboundJob, msgID `email:<id>`, `sms:<id>`, `push:<id>`), or, for an email whose send's email
 * block asks for a delay (an escalation), through a timer due `delaySeconds` after `from`
 * (the in-app delivery), which publishes the same email job then. Messages without a delay cost
 * exactly what they did; a delayed one costs one timer insert (the same id on a repeat).
 */
export async function dispatchOutbound(deps: DispatchOutboundDeps, items: OutboundToDispatch[], from: (e: OutboundToDispatch) => Date): Promise<void> {
  const later = items.filter((e) => e.medium === 'email' && e.delaySeconds > 0);
  const now = items.filter((e) => !later.includes(e));
  await Promise.all([
    publishEach(now, (e) => deps.jobs.outbound(e.medium, e.projectId, e.id)),
    later.length > 0 &&
      deps.timers.schedule(
        later.map((e) => ({
          _id: timerId('email', e.id),
          kind: 'email' as const,
          project_id: e.projectId,
          ref: e.id,
          due_ms: from(e).getTime() + e.delaySeconds * 1000,
          created_at: from(e),
        })),
      ),
  ]);
}
