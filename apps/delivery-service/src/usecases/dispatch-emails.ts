import { timerId } from '../store/timer-repository';
import type { DeliveryDeps } from './deps';
import { publishEach } from './publish-each';

/** A pending email to hand to the sender, and how long its escalation makes it wait (0: none). */
export interface EmailToDispatch {
  projectId: number;
  id: number;
  delaySeconds: number;
}

/**
 * Hands pending emails to the email sender: at once (an EmailJob, msgID `email:<id>`), or, when the
 * send's email block asks for a delay (an escalation, issue 21), through a timer due `delaySeconds`
 * after `from` (the in-app delivery), which publishes the same EmailJob then. Sends without a delay
 * cost exactly what they did; a delayed one costs one timer insert (the same id on a repeat).
 */
export async function dispatchEmails(deps: Pick<DeliveryDeps, 'jobs' | 'timers'>, emails: EmailToDispatch[], from: (e: EmailToDispatch) => Date): Promise<void> {
  const now = emails.filter((e) => e.delaySeconds <= 0);
  const later = emails.filter((e) => e.delaySeconds > 0);
  await Promise.all([
    publishEach(now, (e) => deps.jobs.email(e.projectId, e.id)),
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
