// What DKIM signing costs per mail: nodemailer builds N mails (stream transport, nothing sent),
// unsigned and then signed with a fresh RSA-2048 key, the same html and Herald's unsubscribe headers.
//   node bench/dkim-sign.bench.cjs [N=2000]
const nodemailer = require('nodemailer');
const { generateKeyPairSync } = require('node:crypto');

const n = Number(process.argv[2] ?? 2000);
const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' });
const html = `<p>${'Your invoice is ready. '.repeat(40)}</p>`;
const headers = { 'List-Unsubscribe': '<https://h.example/unsubscribe/x>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };

async function run(dkim) {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, dkim });
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await transport.sendMail({ from: 'a@acme.example', to: `r${i}@x.example`, subject: 's', html, text: 't', headers });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  return { mailsPerSecond: Math.round(n / (ms / 1000)), msPerMail: Number((ms / n).toFixed(3)) };
}

(async () => {
  const unsigned = await run(undefined);
  const signed = await run({ domainName: 'acme.example', keySelector: 's1', privateKey: key });
  console.log(JSON.stringify({ mails: n, unsigned, signed, extraMsPerMail: Number((signed.msPerMail - unsigned.msPerMail).toFixed(3)) }));
})();
