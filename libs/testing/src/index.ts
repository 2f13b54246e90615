// Test helpers shared by the services' integration tests (never imported by production code).
export { errorOf, type CaughtError } from './rpc-errors';
export { eventually } from './eventually';
