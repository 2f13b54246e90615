import type { NatsConnection, Subscription } from '@nats-io/nats-core';
import type { PeerTracker } from './peer-tracker';

/** Core NATS subject on which gateway replicas announce themselves (internal to the gateway). */
export const GATEWAY_HEARTBEAT_SUBJECT = 'herald.gateway.heartbeat';

interface Beat {
  id: string;
  up: boolean;
}

/**
 * Publishes this replica's heartbeat every `intervalMs` and listens to the others', feeding the
 * peer tracker. On stop it says goodbye so peers recount at once.
 */
export function startHeartbeat(nc: NatsConnection, peers: PeerTracker, intervalMs = 1_000, onTick?: () => void) {
  const beat = (up: boolean) => nc.publish(GATEWAY_HEARTBEAT_SUBJECT, JSON.stringify({ id: peers.selfId, up } satisfies Beat));
  const sub: Subscription = nc.subscribe(GATEWAY_HEARTBEAT_SUBJECT, {
    callback: (err, msg) => {
      if (err) return;
      try {
        const { id, up } = msg.json<Beat>();
        if (typeof id !== 'string') return;
        if (up) peers.heard(id);
        else peers.left(id);
      } catch {
        // Not ours: ignore.
      }
    },
  });
  beat(true);
  const timer = setInterval(() => {
    beat(true);
    onTick?.();
  }, intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      sub.unsubscribe();
      if (!nc.isClosed()) beat(false);
    },
  };
}
