import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UsageError } from '../errors';
import type { Io } from '../io';
import { configPath, readConfig, writeConfig } from './profiles';
import { resolveConnection } from './resolve';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-config-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const io = (env: Record<string, string>, cwd: string): Io => ({ stdout: { write() {} }, stderr: { write() {} }, env, cwd });

/** A fake checkout: package.json named herald and the dev credentials `npm start` writes (for `writtenFor`, by default this checkout). */
function checkout(writtenFor?: string): string {
  const dir = tmp();
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'herald' }));
  fs.mkdirSync(path.join(dir, '.local'));
  fs.writeFileSync(
    path.join(dir, '.local', 'dev-credentials.json'),
    JSON.stringify({ base_url: 'http://127.0.0.1:8080', admin_token: 'dev-admin', project_id: 1, full_key: 'nk_full_dev', recipient_key: 'nk_rcpt_dev', project_root: writtenFor ?? dir }),
  );
  fs.mkdirSync(path.join(dir, 'apps', 'cli'), { recursive: true });
  return dir;
}

describe('configuration', () => {
  it('when the config file is written, then it is owner-only (0600) in an owner-only directory, and reads back', () => {
    const env = { HERALD_CONFIG_DIR: path.join(tmp(), 'nested', 'herald') };
    const file = configPath(env);
    writeConfig(file, { current_profile: 'a', profiles: { a: { url: 'http://x', key: 'nk_full_s' } } });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(readConfig(file)).toEqual({ current_profile: 'a', profiles: { a: { url: 'http://x', key: 'nk_full_s' } } });
    fs.chmodSync(file, 0o644);
    writeConfig(file, readConfig(file));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('when run inside a checkout with no profile, then the dev credentials are used (from any subdirectory)', () => {
    const dir = checkout();
    const c = resolveConnection({}, io({ HERALD_CONFIG_DIR: tmp() }, path.join(dir, 'apps', 'cli')));
    expect(c).toEqual({ url: 'http://127.0.0.1:8080', key: 'nk_full_dev', adminToken: 'dev-admin', projectId: 1, source: path.join(dir, '.local', 'dev-credentials.json') });
  });

  it('when a profile is current, then it wins over the dev credentials; env beats the profile; flags beat env', () => {
    const dir = checkout();
    const cfg = tmp();
    writeConfig(configPath({ HERALD_CONFIG_DIR: cfg }), { current_profile: 'prod', profiles: { prod: { url: 'https://prod.example/', key: 'nk_full_prod', project_id: 9 } } });
    const env = { HERALD_CONFIG_DIR: cfg };
    expect(resolveConnection({}, io(env, dir))).toMatchObject({ url: 'https://prod.example', key: 'nk_full_prod', adminToken: undefined, projectId: 9, source: 'profile prod' });
    expect(resolveConnection({}, io({ ...env, HERALD_KEY: 'nk_full_env', HERALD_URL: 'http://env:1' }, dir))).toMatchObject({ url: 'http://env:1', key: 'nk_full_env' });
    expect(resolveConnection({ key: 'nk_full_flag', adminToken: 'flag-admin' }, io({ ...env, HERALD_KEY: 'nk_full_env', HERALD_ADMIN_TOKEN: 'env-admin' }, dir))).toMatchObject({ key: 'nk_full_flag', adminToken: 'flag-admin' });
  });

  it('when a named profile does not exist, then a usage error names the known ones', () => {
    const cfg = tmp();
    writeConfig(configPath({ HERALD_CONFIG_DIR: cfg }), { profiles: { a: {}, b: {} } });
    expect(() => resolveConnection({ profile: 'c' }, io({ HERALD_CONFIG_DIR: cfg }, tmp()))).toThrow(/no profile "c" .*profiles: a, b/);
    expect(() => resolveConnection({}, io({ HERALD_CONFIG_DIR: cfg, HERALD_PROFILE: 'zz' }, tmp()))).toThrow(UsageError);
  });

  it('when nothing is configured outside a checkout, then the local default URL is used; a bad URL is a usage error', () => {
    expect(resolveConnection({}, io({ HERALD_CONFIG_DIR: tmp() }, tmp()))).toEqual({ url: 'http://127.0.0.1:8080', key: undefined, adminToken: undefined, projectId: undefined, source: 'defaults' });
    expect(() => resolveConnection({ url: 'localhost:8080' }, io({ HERALD_CONFIG_DIR: tmp() }, tmp()))).toThrow(/http:\/\//);
  });

  it('when dev credentials sit in a directory that is not a Herald checkout, then they are ignored', () => {
    const dir = checkout();
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'something-else' }));
    expect(resolveConnection({}, io({ HERALD_CONFIG_DIR: tmp() }, dir)).source).toBe('defaults');
  });

  describe('dev credentials stay with their checkout and their gateway', () => {
    const env = () => ({ HERALD_CONFIG_DIR: tmp() });

    it('when the file was written for another directory (copied, or a checkout moved), then it is ignored', () => {
      const dir = checkout(tmp());
      expect(resolveConnection({}, io(env(), dir))).toMatchObject({ key: undefined, adminToken: undefined, source: 'defaults' });
    });

    it('when the file names no checkout (written before it said which), then it is ignored', () => {
      const dir = checkout();
      const file = path.join(dir, '.local', 'dev-credentials.json');
      const { project_root: _root, ...older } = JSON.parse(fs.readFileSync(file, 'utf8'));
      fs.writeFileSync(file, JSON.stringify(older));
      expect(resolveConnection({}, io(env(), dir)).source).toBe('defaults');
    });

    it('when the CLI runs in another project nested inside the checkout, then the checkout\'s file is not used; a workspace package of the checkout still uses it', () => {
      const dir = checkout();
      const nested = path.join(dir, 'examples', 'shop');
      fs.mkdirSync(nested, { recursive: true });
      fs.writeFileSync(path.join(nested, 'package.json'), JSON.stringify({ name: 'shop' }));
      expect(resolveConnection({}, io(env(), nested)).source).toBe('defaults');
      const workspace = path.join(dir, 'libs', 'client');
      fs.mkdirSync(workspace, { recursive: true });
      fs.writeFileSync(path.join(workspace, 'package.json'), JSON.stringify({ name: '@herald/client' }));
      expect(resolveConnection({}, io(env(), workspace)).key).toBe('nk_full_dev');
    });

    it.each([
      ['HERALD_URL', { HERALD_URL: 'https://attacker.example' }, {}],
      ['--url', {}, { url: 'http://127.0.0.1:9999' }],
    ])('when %s names another gateway, then neither the dev key nor the admin token is sent there', (_how, extraEnv, flags) => {
      const dir = checkout();
      const c = resolveConnection(flags, io({ ...env(), ...extraEnv }, dir));
      expect(c).toMatchObject({ key: undefined, adminToken: undefined, projectId: undefined, source: 'defaults' });
      expect(c.url).not.toBe('http://127.0.0.1:8080');
    });

    it('when HERALD_URL names the same gateway as the file, then the dev credentials are used', () => {
      const dir = checkout();
      expect(resolveConnection({}, io({ ...env(), HERALD_URL: 'http://127.0.0.1:8080/' }, dir))).toMatchObject({ url: 'http://127.0.0.1:8080', key: 'nk_full_dev', adminToken: 'dev-admin' });
    });
  });
});
