// Screenshots of the inbox page for the README (docs/screenshots): desktop and phone, light and dark, on a
// mailbox with the kinds of mail people use it for (desktop-code: the code and link taken from a message). Each shot also checks what it shows, so a broken page
// cannot be photographed as if it worked. The server's clock and the browser's are fixed, so the same page
// gives the same picture on every run. Taken in the first test pass only, into a temporary folder; with
// INBOXD_UPDATE_SCREENSHOTS=1 (`npm run screenshots`) into docs/screenshots, which the README shows.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { browserSkipReason, launchBrowser, type TestBrowser } from './support/browser.js';
import { SHARED_BACKENDS, startTestApp, type TestApp } from './support/test-app.js';

const SHOTS =
  process.env.INBOXD_UPDATE_SCREENSHOTS === '1'
    ? new URL('../docs/screenshots/', import.meta.url)
    : pathToFileURL(`${join(tmpdir(), 'inboxd-screenshots')}/`);
const ADDRESS = 'k7q2mzx4ht9a@inboxd.test';
const ARRIVAL = Date.UTC(2026, 10, 21, 9, 41, 0);
const MINUTE = 60_000;
const NEWSLETTER = `<table width="100%" style="background:#f3f4f6;font-family:Arial,sans-serif"><tr><td align="center" style="padding:16px">
<table width="520" style="background:#fff;border-radius:8px;color:#1f2937"><tr><td style="padding:20px">
<img src="http://127.0.0.1:9/logo.png" width="140" height="36" alt="Example Shop">
<h1 style="font-size:22px;margin:16px 0 8px">Welcome aboard, Sam!</h1>
<p>Thanks for signing up. Confirm your address to start ordering:</p>
<p><a href="https://shop.example.com/confirm?t=Zx81" style="display:inline-block;background:#2563eb;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Confirm my address</a></p>
<p style="color:#6b7280;font-size:13px">If you did not sign up, ignore this message.</p>
<img src="http://127.0.0.1:9/open.gif" width="1" height="1" alt="">
</td></tr></table></td></tr></table>`;

describe(
  'screenshots of the inbox page',
  { skip: SHARED_BACKENDS ? 'taken in the first pass' : browserSkipReason() },
  () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp({}, { clockStart: ARRIVAL });
      mkdirSync(SHOTS, { recursive: true });
      await t.send({
        from: 'Example Shop <hello@shop.example.com>',
        to: ADDRESS,
        subject: 'Invoice 2026-1142',
        text: 'Your invoice is attached.',
        attachments: [{ filename: 'invoice-2026-1142.pdf', content: Buffer.alloc(48_213, 1) }],
      });
      t.clock.advance(3 * MINUTE);
      await t.send({
        from: 'Acme Accounts <no-reply@acme.example>',
        to: ADDRESS,
        subject: 'Your sign-in code is 482913',
        text: 'Your sign-in code is 482913. It expires in 10 minutes.\n\nOr sign in with this link:\nhttps://acme.example/login/magic?t=Q2x9\n\nHelp: https://acme.example/help',
      });
      t.clock.advance(2 * MINUTE);
      await t.send({
        from: 'Example Shop <hello@shop.example.com>',
        to: ADDRESS,
        subject: 'Welcome aboard — confirm your address',
        html: NEWSLETTER,
        text: 'Confirm: https://shop.example.com/confirm?t=Zx81',
      });
    });
    after(async () => t?.stop());

    const shots = [
      { name: 'desktop-light', viewport: { width: 1280, height: 800 }, colorScheme: 'light', open: 'welcome' },
      { name: 'desktop-dark', viewport: { width: 1280, height: 800 }, colorScheme: 'dark', open: 'welcome' },
      { name: 'desktop-code', viewport: { width: 1280, height: 800 }, colorScheme: 'light', open: 'code' },
      { name: 'phone-light', viewport: { width: 390, height: 844 }, colorScheme: 'light', open: null },
      { name: 'phone-dark', viewport: { width: 390, height: 844 }, colorScheme: 'dark', open: 'welcome' },
    ] as const;

    for (const shot of shots) {
      it(`takes ${shot.name}.png`, async () => {
        let b: TestBrowser | undefined;
        try {
          b = await launchBrowser({ viewport: shot.viewport, colorScheme: shot.colorScheme });
          await b.context.clock.setFixedTime(ARRIVAL + 7 * MINUTE);
          t.clock.advance(5000);
          await b.page.goto(`https://127.0.0.1:${t.app.httpsPort}/#/${ADDRESS}`);
          await b.page.locator('#live[data-state="live"]').waitFor();
          await b.page.locator('#messages .item').nth(2).waitFor();
          if (shot.open === 'code') {
            t.clock.advance(5000);
            await b.page.locator('.item', { hasText: 'Your sign-in code' }).click();
            await b.page.locator('#likely-code', { hasText: '482913' }).waitFor();
            assert.equal(
              await b.page.locator('#primary-link').getAttribute('href'),
              'https://acme.example/login/magic?t=Q2x9',
            );
          }
          if (shot.open === 'welcome') {
            t.clock.advance(5000);
            await b.page.locator('.item', { hasText: 'Welcome aboard' }).click();
            await b.page.locator('.notice', { hasText: '2 remote images blocked' }).waitFor();
            const frame = await (await b.page.locator('iframe.mail-frame').elementHandle())?.contentFrame();
            await frame?.getByText('Welcome aboard, Sam!').waitFor();
          }
          assert.equal(
            await b.page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches),
            shot.colorScheme === 'dark',
          );
          await b.page.screenshot({ path: new URL(`${shot.name}.png`, SHOTS).pathname });
        } finally {
          await b?.close();
        }
      });
    }
  },
);
