// Issue 19's real sign-up: a demo web app (test/fixtures/signup-app) sends a verification mail through
// nodemailer to inboxd's SMTP port; Chromium fills its form with an address from the typed client's
// createInbox(), the client waits for the mail over plain HTTP (GET /api/v1/mailbox/wait), and the page gets
// the code, or the browser the link, until it says "Account confirmed". Then the same from an MCP client
// (create_inbox, wait_for_message). The client is imported from its own source, as the package exports it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Agent, fetch } from 'undici';
import { InboxdClient, type FetchLike } from '../src/client/index.js';
import { startSignupApp, type SignupApp } from './fixtures/signup-app/signup-app.js';
import { browserSkipReason, launchBrowser, type TestBrowser } from './support/browser.js';
import { connectMcp } from './support/mcp-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const SUBJECT = 'Confirm your Demo Shop account';

describe('a sign-up verified by mail, end to end', () => {
  let t: TestApp;
  let demo: SignupApp;
  let dispatcher: Agent;
  let client: InboxdClient;
  before(async () => {
    t = await startTestApp();
    demo = await startSignupApp({
      smtp: { host: '127.0.0.1', port: t.app.smtpPort, ca: t.app.tls.cert, servername: 'localhost' },
    });
    // A suite would pass only baseUrl; the test app's certificate is self-signed, so this fetch trusts it.
    dispatcher = new Agent({ connect: { ca: t.app.tls.cert, servername: 'localhost' } });
    const trusting: FetchLike = (url, init) => fetch(url, { ...init, dispatcher });
    client = new InboxdClient({ baseUrl: `https://127.0.0.1:${t.app.httpsPort}`, fetch: trusting });
  });
  after(async () => {
    await demo.stop();
    await dispatcher.close();
    await t.stop();
  });

  describe('in Chromium, with the typed client', { skip: browserSkipReason() }, () => {
    let browser: TestBrowser;
    before(async () => {
      browser = await launchBrowser();
    });
    after(() => browser.close());

    /** A fresh address from the client. */
    async function freshAddress(prefix: string): Promise<string> {
      const { address, publicly_readable } = await client.createInbox({ prefix });
      assert.equal(publicly_readable, true);
      return address;
    }

    /** Signs up in the page with the address; the page then asks for the code. */
    async function signUp(address: string): Promise<void> {
      const { page } = browser;
      await page.goto(demo.url);
      await page.getByLabel('Email').fill(address);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await page.getByRole('heading', { name: 'Check your mail' }).waitFor();
    }

    it('fills the form with an address from createInbox(), waits for the mail and types its code: "Account confirmed"', async () => {
      const address = await freshAddress('signup');
      await signUp(address);
      const mail = await client.waitForMessage({ to: address, subject: SUBJECT, timeout: 30 });
      assert.equal(mail.from_name, 'Demo Shop');
      assert.deepEqual(
        mail.codes.slice(0, 1),
        [demo.accounts.get(address)?.code],
        'the code the demo sent is the first one found',
      );
      await browser.page.getByLabel('Code').fill(mail.codes[0]!);
      await browser.page.getByRole('button', { name: 'Verify' }).click();
      await browser.page.getByRole('heading', { name: 'Account confirmed' }).waitFor();
      assert.equal(demo.accounts.get(address)?.confirmedBy, 'code');
    });

    it('follows the first link of the mail, not its help or unsubscribe link: "Account confirmed"', async () => {
      const address = await freshAddress('link');
      // Waiting before the mail is sent, as a suite may: the wait is woken by its delivery.
      const waiting = client.waitForMessage({ to: address, from: 'demo shop', body: 'verification code is' });
      await signUp(address);
      const mail = await waiting;
      assert.equal(mail.links[0], `${demo.url}/confirm?token=${demo.accounts.get(address)?.token}`);
      await browser.page.goto(mail.links[0]!);
      await browser.page.getByRole('heading', { name: 'Account confirmed' }).waitFor();
      assert.equal(demo.accounts.get(address)?.confirmedBy, 'link');
      assert.deepEqual(
        (await client.list(address)).messages.map((summary) => [summary.subject, summary.seen]),
        [[SUBJECT, true]],
        'one mail, marked seen by the wait that returned it',
      );
    });
  });

  it('the same sign-up from an MCP client: create_inbox, wait_for_message, its codes[0] and links[0]', async () => {
    const mcp = await connectMcp(t);
    try {
      const created = await mcp.client.callTool({ name: 'create_inbox', arguments: { prefix: 'agent' } });
      const { address } = created.structuredContent as { address: string };
      const signedUp = await fetch(`${demo.url}/signup`, {
        method: 'POST',
        body: new URLSearchParams({ email: address }),
        redirect: 'manual',
      });
      assert.equal(signedUp.status, 303);
      const waited = await mcp.client.callTool({
        name: 'wait_for_message',
        arguments: { address, subject: SUBJECT, timeout_seconds: 30 },
      });
      const { status, message } = waited.structuredContent as {
        status: string;
        message: { codes: string[]; links: string[] };
      };
      assert.equal(status, 'received');
      const account = demo.accounts.get(address);
      assert.deepEqual(
        [message.codes[0], message.links[0]],
        [account?.code, `${demo.url}/confirm?token=${account?.token}`],
      );
      const verified = await fetch(`${demo.url}/verify`, {
        method: 'POST',
        body: new URLSearchParams({ email: address, code: message.codes[0]! }),
      });
      assert.match(await verified.text(), /<h1>Account confirmed<\/h1>/);
      const followed = await fetch(message.links[0]!);
      assert.match(await followed.text(), /<h1>Account confirmed<\/h1>/);
      assert.equal(account?.confirmedBy, 'code');
    } finally {
      await mcp.close();
    }
  });
});
