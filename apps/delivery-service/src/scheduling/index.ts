export { applyThrottle, type ApplyThrottlesDeps } from './apply-throttles';
export { type CloseDigestDeps, createCloseDigest } from './close-digest';
export { type CollectDigestsDeps, createCollectDigests } from './collect-digests';
export { createDigestRepository, type DigestRepository } from './digest-repository';
export { createFireTimers } from './fire-timers';
export { createGetDigest, type DigestView, type GetDigestDeps } from './get-digest';
export { createThrottleRepository } from './throttle-repository';
export { createTimerCap } from './timer-cap';
export { startTimerRunner } from './timer-runner';
