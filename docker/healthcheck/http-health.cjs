// Container healthcheck for the gateway: GET http://127.0.0.1:$PORT/healthz (or the URL given as
// the first argument) and exit 0 only on a 2xx answer. Dependency-free.
'use strict';

const url = process.argv[2] || `http://127.0.0.1:${process.env.PORT || 8080}/healthz`;
const timeoutMs = Number(process.env.HEALTHCHECK_TIMEOUT_MS || 2500);

fetch(url, { signal: AbortSignal.timeout(timeoutMs) }).then(
  (res) => {
    if (res.ok) process.exit(0);
    console.error(`unhealthy: ${url} answered ${res.status}`);
    process.exit(1);
  },
  (err) => {
    console.error(`unhealthy: ${url}: ${err.message}`);
    process.exit(1);
  },
);
