// Independent clients of the agent tools: the MCP Inspector's command-line mode, and `inboxd wait` (D28),
// each a real process against the real server over HTTPS.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { describe, it } from 'node:test';
import { extractCodes } from '../src/mail/extract-codes.js';
import { extractLinks } from '../src/mail/extract-links.js';
import { generatedCertificatePath } from '../src/tls/tls-material.js';
import { MCP_TOOL_NAMES, until } from './support/mcp-client.js';
import { startTestApp } from './support/test-app.js';
import { appForSuite } from './support/suite-app.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `node <args>`. */
function run(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { cwd: options.cwd, env: { ...process.env, ...options.env } },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe('independent clients of the agent tools', () => {
  const t = appForSuite(() => startTestApp());

  describe('MCP Inspector, command-line mode', () => {
    // The inspector looks for its own package.json relative to the working directory, so it runs from its build folder.
    const build = new URL('../node_modules/@modelcontextprotocol/inspector-cli/build/', import.meta.url).pathname;
    const inspector = (...args: string[]) =>
      run([`${build}index.js`, `https://127.0.0.1:${t.app.httpsPort}/mcp`, '--transport', 'http', ...args], {
        cwd: build,
        env: { NODE_EXTRA_CA_CERTS: generatedCertificatePath(t.dataDir, 'localhost') },
      });

    it('lists the tools', async () => {
      const listed = await inspector('--method', 'tools/list');
      assert.equal(listed.code, 0, listed.stderr);
      const names = (JSON.parse(listed.stdout) as { tools: { name: string }[] }).tools.map((tool) => tool.name);
      assert.deepEqual(names.sort(), MCP_TOOL_NAMES);
    });

    it('calls list_domains and create_inbox', async () => {
      const [domains, created] = await Promise.all([
        inspector('--method', 'tools/call', '--tool-name', 'list_domains'),
        inspector(
          '--method',
          'tools/call',
          '--tool-name',
          'create_inbox',
          '--tool-arg',
          'prefix=inspector',
          'domain=mail.inboxd.test',
        ),
      ]);
      assert.equal(domains.code, 0, domains.stderr);
      assert.deepEqual(
        JSON.parse(domains.stdout).structuredContent.domains.map((d: { domain: string }) => d.domain),
        ['inboxd.test', 'mail.inboxd.test'],
      );
      assert.equal(created.code, 0, created.stderr);
      assert.match(JSON.parse(created.stdout).structuredContent.address, /^inspector-[a-z2-7]{12}@mail\.inboxd\.test$/);
    });
  });

  describe('inboxd wait', () => {
    const main = new URL('../src/main.ts', import.meta.url).pathname;
    const wait = (...args: string[]) =>
      run(
        [
          '--import',
          import.meta.resolve('tsx'),
          main,
          'wait',
          ...args,
          '--url',
          `https://127.0.0.1:${t.app.httpsPort}`,
        ],
        {
          env: { INBOXD_DATA_DIR: t.dataDir },
        },
      );

    it('prints the next message as it arrives, with its code, and exits 0', async () => {
      const address = 'cli-wait@inboxd.test';
      const waiting = wait(address, '--json', '--timeout', '60');
      await until(() => t.app.events.subscribers(address) === 1, 'inboxd wait to subscribe');
      await t.send({
        from: 'robot@app.example',
        to: address,
        subject: 'Your code',
        text: 'Your one-time code is 661203',
      });
      const done = await waiting;
      assert.equal(done.code, 0, done.stderr);
      const message = JSON.parse(done.stdout) as { to: string; codes: string[]; seen: boolean };
      assert.deepEqual([message.to, message.codes, message.seen], [address, ['661203'], true]);

      t.clock.advance(1000);
      await t.send({ from: 'robot@app.example', to: address, subject: 'Second', text: 'Sign-in code: 118822' });
      const human = await wait(address);
      assert.equal(human.code, 0, human.stderr);
      assert.match(human.stdout, /^Subject: Second$/m);
      assert.match(human.stdout, /^Codes: {3}118822$/m);
    });

    it('prints with --json the same codes and links as the agent tools and the codes endpoint', async () => {
      const address = 'cli-wait-codes@inboxd.test';
      const waiting = wait(address, '--json', '--timeout', '60');
      await until(() => t.app.events.subscribers(address) === 1, 'inboxd wait to subscribe');
      await t.send({
        from: 'Lumora <no-reply@lumora.example>',
        to: address,
        subject: 'Ihr Anmeldecode',
        text: 'Verwende 739214, um dich bei Lumora anzumelden.\nBestellnummer 40012345\n\nE-Mail-Adresse bestätigen:\nhttps://lumora.example/verify?t=Q1\n\nHilfe: https://lumora.example/help',
        html: '<p>Code:</p><table><tr><td>7</td><td>3</td><td>9</td><td>2</td><td>1</td><td>4</td></tr></table><a href="https://x.com/lumora">X</a> <a href="https://lumora.example/verify?t=Q1">E-Mail-Adresse bestätigen</a>',
      });
      const done = await waiting;
      assert.equal(done.code, 0, done.stderr);
      const printed = JSON.parse(done.stdout) as {
        id: string;
        subject: string;
        text: string;
        html: string;
        codes: string[];
        links: string[];
      };
      assert.deepEqual(printed.codes, ['739214']);
      assert.deepEqual(
        printed.codes,
        extractCodes({ subject: printed.subject, text: printed.text, html: printed.html }),
      );
      assert.deepEqual(printed.links, extractLinks({ text: printed.text, html: printed.html }));
      assert.equal(printed.links[0], 'https://lumora.example/verify?t=Q1');
      t.clock.advance(1000);
      const viaHttp = (await t.api(`/api/v1/message/${printed.id}/codes?mailbox=${address}`)).json as {
        codes: string[];
        links: string[];
      };
      assert.deepEqual([viaHttp.codes, viaHttp.links], [printed.codes, printed.links]);
    });

    it('exits 124 when nothing arrives in time, and 1 with the slug when refused', async () => {
      t.clock.advance(1000);
      const [timedOut, refused] = await Promise.all([
        wait('nobody@inboxd.test', '--timeout', '0'),
        wait('a@nowhere.example', '--timeout', '0'),
      ]);
      assert.equal(timedOut.code, 124);
      assert.match(timedOut.stderr, /no message at nobody@inboxd\.test within 0 s/);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /unknown_domain: /);
    });
  });
});
