export { createGetStats, type GetStatsDeps } from './get-stats';
export { createStatsRepository } from './stats-repository';
export { startStatsConsumer, statsBatching } from './stats-consumer';
export { statsRoutes } from './stats-routes';
export { createStatsBuffer } from './stats-buffer';
export { webhookAttemptKey } from './stats-tally';
