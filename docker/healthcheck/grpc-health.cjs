// Container healthcheck for the gRPC services: calls grpc.health.v1.Health/Check over h2c on
// 127.0.0.1:$PORT (or the port given as the first argument) and exits 0 only on SERVING.
// Dependency-free (node:http2 only), so the image needs no grpc-health-probe binary.
'use strict';
const http2 = require('node:http2');

const port = Number(process.argv[2] || process.env.PORT || 50051);
const timeoutMs = Number(process.env.HEALTHCHECK_TIMEOUT_MS || 2500);
const SERVING = 1;

function fail(reason) {
  console.error(`unhealthy: ${reason}`);
  process.exit(1);
}

// HealthCheckResponse is `{ status = 1 (enum) }`: an empty body means UNKNOWN (0).
function statusOf(message) {
  let i = 0;
  while (i < message.length) {
    const tag = message[i++];
    if (tag !== 0x08) return -1; // only field 1, varint, is expected
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const b = message[i++];
      value |= (b & 0x7f) << shift;
      if (!(b & 0x80)) break;
    }
    return value;
  }
  return 0;
}

const client = http2.connect(`http://127.0.0.1:${port}`);
const timer = setTimeout(() => fail(`no answer within ${timeoutMs} ms`), timeoutMs);
client.on('error', (err) => fail(err.message));
const req = client.request({
  ':method': 'POST',
  ':path': '/grpc.health.v1.Health/Check',
  'content-type': 'application/grpc',
  te: 'trailers',
});
const chunks = [];
let grpcStatus = null;
req.on('response', (headers) => {
  if (headers['grpc-status'] !== undefined) grpcStatus = String(headers['grpc-status']);
});
req.on('trailers', (trailers) => {
  grpcStatus = String(trailers['grpc-status']);
});
req.on('data', (c) => chunks.push(c));
req.on('error', (err) => fail(err.message));
req.on('end', () => {
  clearTimeout(timer);
  client.close();
  if (grpcStatus !== '0') fail(`grpc-status ${grpcStatus}`);
  const body = Buffer.concat(chunks);
  // One length-prefixed message: 1 flag byte, 4 length bytes, then the message.
  const status = body.length >= 5 ? statusOf(body.subarray(5, 5 + body.readUInt32BE(1))) : -1;
  if (status !== SERVING) fail(`status ${status}`);
  process.exit(0);
});
// An empty HealthCheckRequest (service "" = the whole server), uncompressed.
req.end(Buffer.from([0, 0, 0, 0, 0]));
