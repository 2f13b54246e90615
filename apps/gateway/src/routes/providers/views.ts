import type { Provider } from '@herald/contracts';
import { formatProtoTimestamp } from '../shared/timestamps';

/** RPC Provider → REST Provider: never a secret (the service sends none). */
export const providerView = (p: Provider | undefined) => ({
  name: p?.name ?? '',
  configured: p?.configured ?? false,
  fingerprint: p?.fingerprint ?? null,
  settings: { ...(p?.settings ?? {}) },
  updated_at: formatProtoTimestamp(p?.updatedAt),
});
