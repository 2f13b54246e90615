// The text of docker/nats/herald.conf (also the dev overlay's nats-config ConfigMap and the local
// stack's server configuration, tools/infra), rendered from libs/contracts' NATS grants.
// `node scripts/nats-conf.mjs --write` writes both copies; k8s/nats-permissions.spec.ts fails when
// either differs from this.
import { NATS_APPS, natsPasswordVariable, natsPermissions } from '../../libs/contracts/src/index';

const HEADER = `# Herald's NATS users (docs/deploy.md, "NATS users and permissions"). GENERATED from
# libs/contracts/src/nats-permissions.ts by \`node scripts/nats-conf.mjs --write\`: do not edit by hand.
# One user per app, with only what that app does:
#   publish      its own subjects (core NATS, and JetStream publishes into its streams)
#   $JS.API.…    the JetStream API by stream and consumer name: create/update/info of the streams it
#                ensures, create/info/pull of its own durable consumers; the gateway creates, pulls and
#                deletes consumers of its own on HERALD_OUTCOMES, never another app's durable (deny)
#   $JS.ACK.<stream>.<consumer>.>   acknowledgements of its own consumers
#   _INBOX_<user>.>   its replies (publish acks, API answers, pulled messages): its inbox prefix only
# Passwords come from the environment (compose: docker/.env; Kubernetes: the <app>-nats Secrets).
`;

/** A JSON value indented `depth` steps of two spaces, lists of subjects one per line. */
function render(value: unknown, depth: number): string {
  const pad = '  '.repeat(depth + 1);
  const end = '  '.repeat(depth);
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[\n${value.map((v) => `${pad}${render(v, depth + 1)}`).join(',\n')}\n${end}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    return `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${render(v, depth + 1)}`).join(',\n')}\n${end}}`;
  }
  // A password is a reference to an environment variable: `$NAME`, unquoted.
  if (typeof value === 'string' && /^\$HERALD_NATS_[A-Z]+_PASSWORD$/.test(value)) return value;
  return JSON.stringify(value);
}

/** The users block: one per Herald app, password `$HERALD_NATS_<APP>_PASSWORD`. */
export function heraldNatsUsers() {
  return NATS_APPS.map((app) => ({ user: app, password: `$${natsPasswordVariable(app)}`, permissions: natsPermissions(app) }));
}

export function renderHeraldConf(): string {
  return `${HEADER}${render({ authorization: { users: heraldNatsUsers() } }, 0)}\n`;
}
