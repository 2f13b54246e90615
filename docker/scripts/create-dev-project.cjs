// One-shot `init` step of docker/compose.yaml: creates the dev project through the gateway's
// admin API and prints its credentials in the shape of .local/dev-credentials.json.
// Idempotent: the credentials are kept in $STATE_FILE and printed again while that project exists.
//   HERALD_URL      gateway URL reachable from here   (default http://gateway:8080)
//   PUBLIC_URL      gateway URL as the host sees it    (default http://localhost:8080)
//   ADMIN_TOKEN     the gateway's admin bearer token   (required)
//   PROJECT_NAME    (default "dev")
//   STATE_FILE      (default /state/dev-credentials.json)
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const env = process.env;
const baseUrl = (env.HERALD_URL || 'http://gateway:8080').replace(/\/$/, '');
const publicUrl = (env.PUBLIC_URL || 'http://localhost:8080').replace(/\/$/, '');
const adminToken = env.ADMIN_TOKEN;
const projectName = env.PROJECT_NAME || 'dev';
const stateFile = env.STATE_FILE || '/state/dev-credentials.json';
const waitMs = Number(env.WAIT_MS || 60000);

async function admin(method, url, body) {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function waitForGateway() {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${baseUrl}/readyz not ready after ${waitMs} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

function readState() {
  try {
    return JSON.parse(fs.readFileSync(stateFile, 'utf8'));
  } catch {
    return null;
  }
}

async function createProject() {
  const res = await admin('POST', '/admin/projects', { name: projectName });
  if (res.status !== 201) throw new Error(`POST /admin/projects answered ${res.status}: ${JSON.stringify(res.body)}`);
  const { project, keys } = res.body.data;
  const keyOf = (scope) => keys.find((k) => k.scope === scope)?.key;
  return { base_url: publicUrl, admin_token: adminToken, project_id: project.id, full_key: keyOf('full'), recipient_key: keyOf('recipient') };
}

async function main() {
  if (!adminToken) throw new Error('ADMIN_TOKEN is required');
  await waitForGateway();
  const known = readState();
  if (known?.project_id !== undefined) {
    const res = await admin('GET', `/admin/projects/${encodeURIComponent(known.project_id)}`);
    if (res.status === 200) return { credentials: known, created: false };
    if (res.status !== 404) throw new Error(`GET /admin/projects/${known.project_id} answered ${res.status}`);
  }
  const credentials = await createProject();
  try {
    fs.mkdirSync(path.dirname(stateFile), { recursive: true });
    // Credentials: owner-only (0600), also when the file already existed with another mode.
    const fd = fs.openSync(stateFile, 'w', 0o600);
    try {
      fs.fchmodSync(fd, 0o600);
      fs.writeFileSync(fd, `${JSON.stringify(credentials, null, 2)}\n`);
    } finally {
      fs.closeSync(fd);
    }
  } catch (err) {
    console.error(`could not keep the credentials in ${stateFile}: ${err.message}`);
  }
  return { credentials, created: true };
}

main().then(
  ({ credentials, created }) => {
    console.error(created ? `created project "${projectName}"` : `project ${credentials.project_id} exists`);
    console.log(JSON.stringify(credentials, null, 2));
  },
  (err) => {
    console.error(`init failed: ${err.message}`);
    process.exit(1);
  },
);
