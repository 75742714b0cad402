// The inbox page holds against hostile mail (D26), in Chromium: every file of the XSS and tracking corpus
// (test/fixtures/hostile-html) is delivered over SMTP and opened in the page. No script runs, in the
// message's frame or in the page; nothing reaches the loopback tracker until the reader presses "Load
// remote images", and then only images, with no Referer; links open in a new tab with no referrer.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Frame } from 'playwright-core';
import { browserSkipReason, launchBrowser, type TestBrowser } from './support/browser.js';
import { until } from './support/mcp-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { startTracker, type Tracker } from './support/tracker.js';

const CORPUS = new URL('./fixtures/hostile-html/', import.meta.url);
const NAMES = readdirSync(CORPUS)
  .filter((file) => file.endsWith('.html'))
  .map((file) => file.replace(/\.html$/, ''))
  .sort();
const ADDRESS = 'hostile@inboxd.test';

describe('the inbox page against hostile mail (D26)', { skip: browserSkipReason() }, () => {
  let t: TestApp;
  let b: TestBrowser;
  let tracker: Tracker;
  const dialogs: string[] = [];

  before(async () => {
    [t, tracker, b] = await Promise.all([startTestApp(), startTracker(), launchBrowser()]);
    b.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    for (const name of NAMES) {
      const html = readFileSync(new URL(`${name}.html`, CORPUS), 'utf8')
        .replaceAll('{{TRACKER}}', tracker.url)
        .replaceAll('{{TRACKER_HOST}}', new URL(tracker.url).host)
        .replaceAll('{{NAME}}', name);
      await t.send({
        from: 'attacker@example.net',
        to: ADDRESS,
        subject: name,
        html,
        text: `The text part of ${name}.`,
      });
    }
    await t.send({
      from: 'attacker@example.net',
      to: ADDRESS,
      subject: 'text-only',
      text: '<script>parent.postMessage("pwned:text","*")</script> <b>not bold</b> https://example.com/path).',
    });
    await b.page.goto(`https://127.0.0.1:${t.app.httpsPort}/#/${ADDRESS}`);
    // Anything a mail's script posts to the page is recorded here.
    await b.page.evaluate(() => {
      const w = globalThis as unknown as {
        received: string[];
        addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
      };
      w.received = [];
      w.addEventListener('message', (event) => w.received.push(String(event.data)));
    });
    await b.page.locator('#messages .item').nth(NAMES.length).waitFor();
  });

  after(async () => {
    await b?.close();
    await tracker?.close();
    await t?.stop();
  });

  /** Opens the message with this subject and returns its frame, once the frame has loaded. */
  async function open(subject: string): Promise<Frame> {
    t.clock.advance(5000); // the address's read budget (D17: burst 5, 1 per second)
    await b.page.locator('.item', { has: b.page.locator('.subject', { hasText: new RegExp(`^${subject}$`) }) }).click();
    await b.page.locator('#message-subject', { hasText: subject }).waitFor();
    const handle = await b.page.locator('iframe.mail-frame').elementHandle();
    const frame = await handle?.contentFrame();
    assert.ok(frame, 'the message has its frame');
    await frame.waitForLoadState('load');
    return frame;
  }

  async function pwned(frame: Frame): Promise<string | null> {
    return frame.locator('html').getAttribute('data-pwned');
  }

  it('puts the HTML in a frame with an empty sandbox and its own CSP first in its head', async () => {
    await open('scripts');
    const frame = b.page.locator('iframe.mail-frame');
    assert.equal(await frame.getAttribute('sandbox'), '');
    assert.equal(await frame.getAttribute('referrerpolicy'), 'no-referrer');
    const srcdoc = (await frame.getAttribute('srcdoc')) ?? '';
    assert.match(
      srcdoc,
      /^<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; /,
    );
  });

  for (const name of NAMES) {
    it(`runs no script and loads nothing remote for ${name}.html`, async () => {
      const frame = await open(name);
      // Give every handler its chance: hover, click and submit what the mail offers.
      for (const selector of [
        'div[style*="padding:40px"]',
        '#click-me',
        '#js-link',
        '#svg-link',
        '#submit',
        '#formaction',
        '#outside',
        '#js-submit',
        '#relative-link',
      ]) {
        const target = frame.locator(selector);
        if ((await target.count()) === 0) continue;
        await target
          .first()
          .hover({ timeout: 2000 })
          .catch(() => undefined);
        await target
          .first()
          .click({ timeout: 2000, noWaitAfter: true })
          .catch(() => undefined);
      }
      const again = await b.page
        .locator('iframe.mail-frame')
        .elementHandle()
        .then((h) => h?.contentFrame());
      if (again) assert.equal(await pwned(again).catch(() => null), null, `a script ran in ${name}`);
      assert.equal(await pwned(frame).catch(() => null), null, `a script ran in ${name}`);
      assert.deepEqual(tracker.hits, [], `${name} reached the tracker`);
      assert.match(b.page.url(), new RegExp(`#/${ADDRESS}$`), 'the page was not navigated');
    });
  }

  it('strips script URLs and gives every link a new tab with no referrer', async () => {
    const urls = await open('script-urls');
    assert.equal(await urls.locator('#js-link').getAttribute('href'), null);
    const pixel = await open('tracking-pixel');
    assert.equal(await pixel.locator('#offer').getAttribute('target'), '_blank');
    assert.equal(await pixel.locator('#offer').getAttribute('rel'), 'noopener noreferrer');
    const listed = b.page.locator('.links a', { hasText: '/tracking-pixel/click' });
    assert.equal(await listed.getAttribute('target'), '_blank');
    assert.equal(await listed.getAttribute('rel'), 'noopener noreferrer');

    const [tab] = await Promise.all([b.context.waitForEvent('page'), listed.click()]);
    await until(() => tracker.hits.length > 0, 'the link to open in its tab');
    assert.deepEqual(tracker.hits, [{ path: '/tracking-pixel/click?campaign=week47&user=42', referer: undefined }]);
    assert.notEqual(tab, b.page);
    await tab.waitForLoadState('load');
    assert.equal(await tab.title(), 'landing');
    await tab.close();
    tracker.hits.length = 0;
  });

  it('shows the text part as text, never as markup', async () => {
    t.clock.advance(5000);
    await b.page.locator('.item', { hasText: 'text-only' }).click();
    const text = b.page.locator('pre.text-body');
    await text.waitFor();
    assert.equal(
      (await text.textContent())?.trimEnd(),
      '<script>parent.postMessage("pwned:text","*")</script> <b>not bold</b> https://example.com/path).',
    );
    assert.equal(await text.locator('b, script').count(), 0);
    assert.equal(await text.locator('a').getAttribute('href'), 'https://example.com/path');
    assert.equal(await b.page.locator('iframe').count(), 0, 'a text-only message has no frame');
  });

  it('loads remote images only when asked, and then only images, without a Referer', async () => {
    await open('tracking-pixel');
    const notice = b.page.locator('.notice');
    assert.match((await notice.textContent()) ?? '', /^2 remote images blocked/);
    assert.equal(tracker.hits.length, 0);
    await b.page.getByRole('button', { name: 'Load remote images' }).click();
    await until(() => tracker.hits.length >= 2, 'the images to load');
    const paths = tracker.hits.map((hit) => hit.path).sort();
    assert.deepEqual(paths, ['/tracking-pixel/logo.png', '/tracking-pixel/open.gif?u=42']);
    assert.ok(tracker.hits.every((hit) => hit.referer === undefined));
  });

  it('never let a script reach the page: no messages, no dialogs, no errors', async () => {
    const received = await b.page.evaluate(() => (globalThis as unknown as { received: string[] }).received);
    assert.deepEqual(received, []);
    assert.deepEqual(dialogs, []);
    assert.deepEqual(
      b.console.filter((line) => line.startsWith('pageerror')),
      [],
    );
  });
});
