import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { baseUrl } from './rest-client';

/**
 * What the console's browser specs share: Debian's Chromium (headless, driven by playwright-core),
 * the axe check, screenshots into dist/test-artifacts (docs/images/console-*.png are copies) and
 * the sign-in.
 */
const CHROMIUM = '/usr/bin/chromium';
const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const ARTIFACTS = path.join(ROOT, 'dist', 'test-artifacts');

export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (npm test installs it when run as root)`);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
}

/** No serious or critical accessibility findings on the page as it is. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const grave = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
  expect({ page: name, grave }).toEqual({ page: name, grave: [] });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `console-${name}.png`), fullPage: true });
}

/** Signs in with `key` on the stack's gateway, or on another replica's `base`. */
export async function signIn(page: Page, key: string, base = baseUrl()): Promise<void> {
  await page.goto(`${base}/console`);
  await page.getByLabel('Full key or admin token').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Activity' }).waitFor();
}
