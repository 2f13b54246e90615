import type { NatsConnection } from '@nats-io/nats-core';
import { GATEWAY_SUBJECT_PREFIX } from '@herald/contracts';

/** Core NATS subject on which gateway replicas tell each other a console session was signed out (payload: the session's id). */
export const SESSION_ENDED_SUBJECT = `${GATEWAY_SUBJECT_PREFIX}.session_ended`;

/** A session's id: the hex SHA-256 of its cookie's value (console-session/sessions.ts), never the value. */
const SESSION_ID = /^[0-9a-f]{64}$/;

/**
 * Tells every replica (this one included) that a console session ended, so each ends the streams
 * opened with it. Waits until the server has it, so every replica hears of it before the sign-out
 * answers. Session ids are random hashes: unlike key ids they need no deployment scope.
 */
export async function announceSessionEnded(nc: NatsConnection, sessionId: string): Promise<void> {
  nc.publish(SESSION_ENDED_SUBJECT, sessionId);
  await nc.flush();
}

/** The session a session-ended message names (none when it is not a session id). */
export const endedSessionsOf = (data: Uint8Array): string[] => {
  const text = new TextDecoder().decode(data);
  return SESSION_ID.test(text) ? [text] : [];
};
