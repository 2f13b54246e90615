import type { Browser, Page } from 'playwright-core';
import { eventually } from '@herald/testing';
import { call, createProject, type TestProject } from '../../testing/rest-client';
import { expectAccessible, launchChromium, screenshot, signIn } from '../../testing/console-browser';

/**
 * The catalog page in Chromium against the real stack: an entry added with every field the API
 * takes, every editable field changed, the entry deleted; the API's refusals shown in the form,
 * which keeps what was typed. Names render as text; the page passes axe.
 */
jest.setTimeout(180_000);

/** What the test reads of a form's input or select in the page. */
type FieldElement = { name: string; type: string; checked: boolean; value: string };

describe('the console catalog in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let p: TestProject;
  const hostile = '<script>window.__pwned = 1</script>';
  const as = (method: string, url: string, body?: unknown) => call(method, url, { key: p.fullKey, body });
  const entries = async () => (await as('GET', '/preferences')).body.data as { id: number; label: string }[];
  const form = (name: string) => page.getByRole('form', { name });

  /** Every field of the form, as its inputs hold it. */
  const formValues = (name: string) =>
    form(name).evaluate((f) => {
      const fields = Array.from((f as unknown as { querySelectorAll(s: string): ArrayLike<FieldElement> }).querySelectorAll('input, select'));
      return Object.fromEntries(fields.map((el) => [el.name, el.type === 'checkbox' ? el.checked : el.value]));
    });

  beforeAll(async () => {
    p = await createProject('console-catalog');
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1200, height: 900 } })).newPage();
    await signIn(page, p.fullKey);
    await page.getByRole('link', { name: 'Catalog', exact: true }).click();
    await page.getByRole('heading', { name: 'Add an entry' }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('when an entry is added with an invalid key, then the API refusal shows, what was typed stays, and the corrected entry is stored with every field', async () => {
    const add = form('Add an entry');
    const longEvent = 'e'.repeat(129);
    await add.getByLabel('Channel').fill('billing');
    await add.getByLabel('Topic').fill('invoices');
    await add.getByLabel('Event').fill(longEvent);
    await add.getByLabel('Medium').selectOption('email');
    await add.getByLabel('Name').fill(`Paid ${hostile}`);
    await add.getByLabel('Description').fill('Sent when an invoice is paid');
    await add.getByLabel('On by default').uncheck();
    await add.getByLabel('Mandatory').check();
    await add.getByLabel('Digest window (seconds)').fill('600');
    await add.getByLabel('Digest items at most').fill('10');
    await add.getByLabel('Digest subject').fill('{count} paid invoices');
    await add.getByLabel('Throttle at most').fill('5');
    await add.getByLabel('Throttle window (seconds)').fill('3600');
    const typed = await formValues('Add an entry');

    await add.getByRole('button', { name: 'Add the entry' }).click();
    const refusal = (await as('POST', '/preferences', { channel: 'billing', topic: 'invoices', event: longEvent, medium: 'email', name: 'x', default_enabled: true })).body;
    expect(refusal.error).toBe('validation_failed');
    await add.getByRole('alert').getByText(refusal.error, { exact: false }).waitFor();
    expect(await add.getByRole('alert').textContent()).toContain(refusal.errors[0].message);
    expect(await formValues('Add an entry')).toEqual(typed);
    expect(await entries()).toEqual([]);

    await add.getByLabel('Event').fill('invoice.paid');
    await add.getByRole('button', { name: 'Add the entry' }).click();
    await page.getByRole('status').getByText(`Entry “Paid ${hostile}” added`).waitFor();
    expect(await form('Add an entry').getByLabel('Channel').inputValue()).toBe('');
    const [stored] = await entries();
    expect(stored).toMatchObject({
      target: { channel: 'billing', topic: 'invoices', event: 'invoice.paid' },
      medium: 'email',
      label: `Paid ${hostile}`,
      description: 'Sent when an invoice is paid',
      default_enabled: false,
      mandatory: true,
      digest: { window_seconds: 600, max_items: 10, subject: '{count} paid invoices' },
      throttle: { max: 5, window_seconds: 3600 },
    });
    expect(await page.locator('tbody').textContent()).toContain(`Paid ${hostile}`);
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
  });

  it('when every editable field of an entry is changed, then a refused value keeps the form, and the saved entry has them all', async () => {
    const [entry] = await entries();
    await page.getByRole('button', { name: /^Edit Paid/ }).click();
    const edit = form('Edit the entry');
    await edit.getByLabel('Name').fill('Invoice paid');
    await edit.getByLabel('Description').fill('');
    await edit.getByLabel('On by default').check();
    await edit.getByLabel('Mandatory').uncheck();
    await edit.getByLabel('Digest window (seconds)').fill('10');
    await edit.getByLabel('Digest items at most').fill('20');
    await edit.getByLabel('Digest subject').fill('{count} invoices');
    await edit.getByLabel('Throttle at most').fill('');
    await edit.getByLabel('Throttle window (seconds)').fill('');
    const typed = await formValues('Edit the entry');

    await edit.getByRole('button', { name: 'Save the entry' }).click();
    await edit.getByRole('alert').waitFor();
    expect(await edit.getByRole('alert').textContent()).toContain('validation_failed');
    expect(await formValues('Edit the entry')).toEqual(typed);
    expect((await entries())[0]).toMatchObject({ label: `Paid ${hostile}`, digest: { window_seconds: 600 } });
    await expectAccessible(page, 'catalog, editing');
    await screenshot(page, 'catalog-edit');

    await edit.getByLabel('Digest window (seconds)').fill('900');
    await edit.getByRole('button', { name: 'Save the entry' }).click();
    await page.getByRole('status').getByText(`Entry #${entry.id} saved`).waitFor();
    expect((await entries())[0]).toMatchObject({
      id: entry.id,
      label: 'Invoice paid',
      description: null,
      default_enabled: true,
      mandatory: false,
      digest: { window_seconds: 900, max_items: 20, subject: '{count} invoices' },
      throttle: null,
    });
  });

  it('when an entry is deleted from its form, then the catalog has it no more', async () => {
    const [entry] = await entries();
    await page.getByRole('button', { name: 'Edit Invoice paid (Email)' }).click();
    await form('Edit the entry').getByRole('button', { name: 'Delete the entry' }).click();
    await page.getByRole('status').getByText(`Entry #${entry.id} deleted`).waitFor();
    await page.getByText('No catalog entries.').waitFor();
    expect(await eventually('the entry is gone', async () => ((await entries()).length === 0 ? true : undefined))).toBe(true);
    expect((await as('GET', `/preferences/${entry.id}`)).status).toBe(404);
    await expectAccessible(page, 'catalog, empty');
  });
});
