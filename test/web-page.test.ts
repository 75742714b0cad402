// The inbox page (D26) in Chromium against the real server: a random address in one click, copy, mail
// sent over SMTP appearing without a reload (through the live stream, not a poll), read, attachment
// downloaded byte for byte, delete; the stream opened again after it ends; paging; the keyboard alone; and
// the bearer key kept in the tab only.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { after, before, describe, it } from 'node:test';
import { PAGE_CSP } from '../src/http/web-page.js';
import { STREAM_LIFETIME_MS } from '../src/inbox/watch-mailbox.js';
import { browserSkipReason, launchBrowser, type TestBrowser } from './support/browser.js';
import { until } from './support/mcp-client.js';
import { accountWithKey, operatorOf } from './support/operator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('the inbox page (D26)', { skip: browserSkipReason() }, () => {
  let t: TestApp;
  let b: TestBrowser;
  const origin = () => `https://127.0.0.1:${t.app.httpsPort}`;
  /** A fresh read budget for every address (D17: burst 5, 1 per second), between steps a person takes. */
  const refill = () => t.clock.advance(5000);
  const listRequests = (address: string) =>
    b.requests.filter((r) => r.startsWith(`/api/v1/mailbox?address=${encodeURIComponent(address)}`)).length;
  const streamRequests = (address: string) =>
    b.requests.filter((r) => r.startsWith(`/api/v1/mailbox/events?address=${encodeURIComponent(address)}`)).length;

  before(async () => {
    [t, b] = await Promise.all([startTestApp({ INBOXD_PREMIUM_DOMAINS: 'vip.example.com' }), launchBrowser()]);
  });
  after(async () => {
    await b?.close();
    await t?.stop();
  });

  it('serves the page at / with a policy that allows only its own script and API', async () => {
    const page = await t.api('/');
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    assert.equal(page.headers.get('content-security-policy'), PAGE_CSP);
    assert.match(PAGE_CSP, /script-src 'self';/);
    assert.match(PAGE_CSP, /connect-src 'self';/);
    assert.equal(page.headers.get('x-frame-options'), 'DENY');
    const script = await t.api('/assets/app.js');
    assert.equal(script.status, 200);
    assert.match(script.headers.get('content-type') ?? '', /javascript/);
    assert.equal((await t.api('/assets/../package.json')).status, 404);
    assert.equal((await t.api('/', { method: 'POST' })).status, 405);
  });

  it('makes a random address, copies it, shows new mail live, opens it, downloads the attachment and deletes it', async (ctx) => {
    const { page, context } = b;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: origin() });
    await page.goto(`${origin()}/`);
    await page.locator('#domain-list code', { hasText: 'inboxd.test' }).first().waitFor();

    await page.getByRole('button', { name: 'Random' }).click();
    await page.locator('#live[data-state="live"]').waitFor();
    const address = await page.locator('#address').inputValue();
    assert.match(address, /^[a-z2-7]{12}@inboxd\.test$/);
    assert.equal(new URL(page.url()).hash, `#/${address}`);
    await until(() => listRequests(address) === 1, 'the page to list the mailbox once the stream is live');
    await page.getByText('No mail yet').waitFor();

    await page.getByRole('button', { name: 'Copy' }).click();
    await page.locator('#status', { hasText: `Copied ${address}` }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), address);

    await page.evaluate(() => ((globalThis as unknown as { sameDocument: boolean }).sameDocument = true));
    const pdf = Buffer.from('%PDF-1.4\n% a small invoice\n\u00e9\u0000\u00ff binary tail', 'latin1');
    const sending = t.send({
      from: 'Example Shop <shop@example.org>',
      to: address,
      subject: 'Your code is 482913',
      text: 'Your sign-in code is 482913.\nhttps://shop.example.org/verify?t=abc',
      html: '<p>Your sign-in code is <b>482913</b>.</p><p><a href="https://shop.example.org/verify?t=abc">Verify</a></p>',
      attachments: [{ filename: 'invoice.pdf', content: pdf, contentType: 'application/pdf' }],
    });
    await sending;
    const acknowledged = performance.now();
    const item = page.locator('.item', { hasText: 'Your code is 482913' });
    await item.waitFor();
    ctx.diagnostic(
      `the message was on the page ${(performance.now() - acknowledged).toFixed(1)} ms after the SMTP 250`,
    );
    assert.equal(
      await page.evaluate(() => (globalThis as unknown as { sameDocument?: boolean }).sameDocument),
      true,
      'the page was not reloaded',
    );
    assert.equal(listRequests(address), 1, 'the message came through the stream, not a new list request');
    assert.equal(streamRequests(address), 1);
    assert.match((await item.getAttribute('class')) ?? '', /\bunread\b/);
    assert.match((await item.textContent()) ?? '', /Example Shop.*just now.*expires in 4 d 23 h/);
    assert.equal(await page.title(), `(1) ${address} — inboxd`);

    refill();
    await item.click();
    await page.locator('#message-subject', { hasText: 'Your code is 482913' }).waitFor();
    assert.equal(await page.locator('iframe.mail-frame').getAttribute('sandbox'), '');
    assert.doesNotMatch((await item.getAttribute('class')) ?? '', /\bunread\b/);
    assert.equal(await page.title(), `${address} — inboxd`);
    await page.getByRole('tab', { name: 'Text' }).click();
    assert.match((await page.locator('pre.text-body').textContent()) ?? '', /Your sign-in code is 482913\./);

    refill();
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.attachments button').click()]);
    assert.equal(download.suggestedFilename(), 'invoice.pdf');
    assert.deepEqual(readFileSync(await download.path()), pdf);

    refill();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.locator('#status', { hasText: 'Message deleted.' }).waitFor();
    assert.equal(await page.locator('.item').count(), 0);
    refill();
    assert.equal((await t.api(`/api/v1/mailbox?address=${address}`)).json.count, 0);
  });

  it('opens the stream again when it ends, lists the mailbox again, and keeps showing new mail', async () => {
    const { page } = b;
    const address = await page.locator('#address').inputValue();
    const lists = listRequests(address);
    refill();
    t.clock.advance(STREAM_LIFETIME_MS);
    await until(
      () => streamRequests(address) === 2 && listRequests(address) === lists + 1,
      'a second stream and a fresh list',
    );
    await page.locator('#live[data-state="live"]').waitFor();
    await t.send({ from: 'later@example.org', to: address, subject: 'After the reconnect', text: 'still live' });
    await page.locator('.item', { hasText: 'After the reconnect' }).waitFor();
  });

  it('pages through a long mailbox with "Load older messages"', async () => {
    const address = 'long@inboxd.test';
    for (let i = 1; i <= 55; i += 1)
      await t.send({
        from: 'bulk@example.org',
        to: address,
        subject: `Bulk ${String(i).padStart(2, '0')}`,
        text: `${i}`,
      });
    refill();
    await b.page.goto(`${origin()}/#/${address}`);
    await b.page.locator('#messages .item').nth(49).waitFor();
    assert.equal(await b.page.locator('#messages .item').count(), 50);
    assert.match((await b.page.locator('#messages .item').first().textContent()) ?? '', /Bulk 55/);
    refill();
    await b.page.getByRole('button', { name: 'Load older messages' }).click();
    await b.page.locator('#messages .item').nth(54).waitFor();
    assert.match((await b.page.locator('#messages .item').last().textContent()) ?? '', /Bulk 01/);
    assert.equal(await b.page.getByRole('button', { name: 'Load older messages' }).isHidden(), true);
  });

  it('becomes ready and says so when a link names a mailbox with malformed escapes (#/%E0%A4%A)', async () => {
    const errors: string[] = [];
    const onError = (error: Error) => errors.push(error.message);
    b.page.on('pageerror', onError);
    try {
      await b.page.goto(`${origin()}/#/%E0%A4%A`);
      await b.page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
      assert.match((await b.page.locator('#status').textContent()) ?? '', /cannot be read/);
      assert.deepEqual(errors, []);
    } finally {
      b.page.off('pageerror', onError);
    }
  });

  it('can be used with the keyboard alone', async () => {
    const { page } = b;
    const address = 'keys@inboxd.test';
    await t.send({ from: 'one@example.org', to: address, subject: 'Older one', text: '1' });
    await t.send({ from: 'two@example.org', to: address, subject: 'Newer one', text: '2' });
    refill();
    await page.goto(`${origin()}/`);
    await page.keyboard.press('/');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'address');
    await page.keyboard.type(address);
    await page.keyboard.press('Enter');
    await page.locator('#messages .item').nth(1).waitFor();
    const focused = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.textContent ?? '');

    await page.keyboard.press('j');
    assert.match(await focused(), /Newer one/);
    await page.keyboard.press('j');
    assert.match(await focused(), /Older one/);
    await page.keyboard.press('k');
    assert.match(await focused(), /Newer one/);
    refill();
    await page.keyboard.press('Enter');
    await page.locator('#message-subject', { hasText: 'Newer one' }).waitFor();
    assert.equal(
      await page.evaluate(() => document.activeElement?.id),
      'message-subject',
      'focus moves to the message',
    );
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('#message-pane').isHidden(), true);
    assert.match(await focused(), /Newer one/, 'focus returns to the message in the list');
    refill();
    await page.keyboard.press('Enter');
    await page.locator('#message-subject', { hasText: 'Newer one' }).waitFor();
    refill();
    await page.keyboard.press('Delete');
    await page.locator('#status', { hasText: 'Message deleted.' }).waitFor();
    assert.equal(await page.locator('#messages .item').count(), 1);
    assert.match(await focused(), /Older one/, 'focus goes to the next message');
  });

  it('shows the likely code of an open message with a copy button, and its primary link, marked as from the message', async () => {
    const { page, context } = b;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: origin() });
    const address = 'codes@inboxd.test';
    const verify = 'https://app.example.org/verify-email?token=T0K3N';
    await t.send({
      from: 'Lumora <no-reply@lumora.example>',
      to: address,
      subject: 'Ihr Anmeldecode',
      html:
        '<p>Gib den folgenden Sicherheitscode ein:</p><table><tr><td>7</td><td>3</td><td>9</td><td>2</td><td>1</td><td>4</td></tr></table>' +
        `<p>Bestellnummer 40012345 · 49,99 €</p><p><a href="https://lumora.example/help">Hilfe</a> <a href="${verify}">E-Mail-Adresse bestätigen</a></p>`,
    });
    await t.send({ from: 'news@example.org', to: address, subject: 'Plain news', text: 'Nothing to type here.' });
    refill();
    await page.goto(`${origin()}/#/${address}`);
    await page.locator('.item', { hasText: 'Ihr Anmeldecode' }).click();
    const box = page.getByRole('region', { name: 'From the message' });
    await box.waitFor();
    assert.equal(await page.locator('#likely-code').textContent(), '739214');
    assert.match((await box.textContent()) ?? '', /Taken from the sender’s text/);
    const link = page.locator('#primary-link');
    assert.equal(await link.getAttribute('href'), verify);
    assert.equal(await link.getAttribute('target'), '_blank');
    assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');

    await page.getByRole('button', { name: 'Copy the code 739214' }).click();
    await page.locator('#copy-code-status', { hasText: 'Copied' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), '739214');

    refill();
    await page.locator('.item', { hasText: 'Plain news' }).click();
    await page.locator('#message-subject', { hasText: 'Plain news' }).waitFor();
    assert.equal(
      await page.getByRole('region', { name: 'From the message' }).count(),
      0,
      'no box when the message offers neither',
    );
  });

  it('keeps the bearer key in this tab only and reads a premium mailbox with it', async () => {
    const { page, context } = b;
    const holder = await accountWithKey(operatorOf(t), { plan: 'premium' });
    const address = 'vip@vip.example.com';
    await t.send({ from: 'bank@example.org', to: address, subject: 'Premium hello', text: 'for the holder' });
    refill();
    await page.goto(`${origin()}/#/${address}`);
    await page.locator('#status[data-kind="error"]', { hasText: 'premium' }).waitFor();
    assert.equal(await page.locator('.item').count(), 0);

    refill();
    await page.locator('#key-panel summary').click();
    await page.locator('#key').fill(holder.key);
    await page.locator('#key').press('Enter');
    await page.locator('.item', { hasText: 'Premium hello' }).waitFor();
    assert.equal(await page.evaluate(() => sessionStorage.getItem('inboxd.key')), holder.key);
    assert.equal(await page.evaluate(() => localStorage.length), 0);
    assert.equal((await context.cookies()).length, 0);
    assert.ok(
      b.requests.every((r) => !r.includes(holder.key)),
      'the key never appears in a URL',
    );

    const other = await context.newPage();
    await other.goto(`${origin()}/`);
    assert.equal(await other.locator('#key').inputValue(), '', 'another tab does not get the key');
    await other.close();

    await page.getByRole('button', { name: 'Forget' }).click();
    assert.equal(await page.evaluate(() => sessionStorage.getItem('inboxd.key')), null);
  });
});
