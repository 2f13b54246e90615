// A self-signed TLS certificate for the local fake push service (push services are HTTPS only, and
// web-push speaks nothing else): an ECDSA P-256 key and an X.509 v3 certificate for localhost and
// 127.0.0.1, encoded here in DER with node:crypto alone (no openssl binary, no dependency). Clients
// trust it by its PEM (the delivery service's PUSH_EXTRA_CA_FILE); it is never used outside loopback.
const crypto = require('node:crypto');

function der(tag, ...parts) {
  const body = Buffer.concat(parts);
  const n = body.length;
  const len = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), len, body]);
}
const seq = (...p) => der(0x30, ...p);
const oid = (dotted) => {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * a + b];
  for (const v of rest) {
    const chunk = [v & 0x7f];
    for (let x = v >> 7; x > 0; x >>= 7) chunk.unshift((x & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
};
const utf8 = (s) => der(0x0c, Buffer.from(s, 'utf8'));
const time = (d) => {
  const s = d.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';
  return d.getUTCFullYear() < 2050 ? der(0x17, Buffer.from(s.slice(2))) : der(0x18, Buffer.from(s));
};
const integer = (buf) => der(0x02, buf[0] & 0x80 ? Buffer.concat([Buffer.from([0]), buf]) : buf);

/**
 * A random positive serial number in minimal DER form: its first byte is neither zero (DER forbids
 * a leading zero byte before one under 0x80: OpenSSL refuses the certificate, "illegal padding")
 * nor 0x80 or above (which would need a zero byte in front).
 */
function serialNumber() {
  const serial = crypto.randomBytes(12);
  serial[0] = (serial[0] & 0x3f) | 0x40;
  return serial;
}

/** Returns { key, cert } (PEM strings): a fresh key pair and a certificate valid for `days` days. */
function selfSignedCertificate({ commonName = 'Herald local fake push service', days = 3650 } = {}) {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const name = seq(der(0x31, seq(oid('2.5.4.3'), utf8(commonName))));
  const ecdsaSha256 = seq(oid('1.2.840.10045.4.3.2'));
  const now = new Date(Date.now() - 60_000);
  const san = seq(der(0x82, Buffer.from('localhost')), der(0x87, Buffer.from([127, 0, 0, 1])));
  const extensions = der(
    0xa3,
    seq(
      seq(oid('2.5.29.17'), der(0x04, san)),
      seq(oid('2.5.29.19'), der(0x04, seq(der(0x01, Buffer.from([0xff]))))),
    ),
  );
  const tbs = seq(
    der(0xa0, der(0x02, Buffer.from([2]))),
    integer(serialNumber()),
    ecdsaSha256,
    name,
    seq(time(now), time(new Date(now.getTime() + days * 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions,
  );
  const signature = crypto.sign('sha256', tbs, privateKey);
  const cert = seq(tbs, ecdsaSha256, der(0x03, Buffer.from([0]), signature));
  const pem = (label, buf) => `-----BEGIN ${label}-----\n${buf.toString('base64').match(/.{1,64}/g).join('\n')}\n-----END ${label}-----\n`;
  return { key: privateKey.export({ type: 'pkcs8', format: 'pem' }), cert: pem('CERTIFICATE', cert) };
}

module.exports = { selfSignedCertificate };
