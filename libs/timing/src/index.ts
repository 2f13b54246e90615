// Time, dependency-free (Node and bundles alike): the one clock, abortable sleep and backoff.
// The services reach them through @herald/service-kit, which re-exports them; the CLI imports them here.
export { systemClock, createFakeClock, type Clock, type FakeClock } from './clock';
export { sleep } from './sleep';
export { backoff, type BackoffOptions, type Jitter } from './backoff';
