import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from './load-config.js';
import { configKeys } from './schema.js';

describe('loadConfig (D27)', () => {
  it('uses the defaults of D27', () => {
    const config = loadConfig({});
    assert.equal(config.dataDir, './data');
    assert.equal(config.hostname, 'localhost');
    assert.equal(config.mxHost, 'localhost');
    assert.equal(config.baseUrl, undefined, 'derived from the bound HTTPS port at start');
    assert.deepEqual([config.smtpPort, config.httpPort, config.httpsPort], [2525, 8080, 8443]);
    assert.equal(config.listen, '127.0.0.1');
    assert.deepEqual(config.publicDomains, ['inboxd.test']);
    assert.deepEqual(config.premiumDomains, []);
    assert.deepEqual(config.trustProxy, { kind: 'none' });
    assert.equal(config.databaseUrl, undefined);
  });

  it('normalises domain lists to lower-case ASCII', () => {
    assert.deepEqual(loadConfig({ INBOXD_PUBLIC_DOMAINS: ' A.Test , bücher.example,a.test' }).publicDomains, [
      'a.test',
      'xn--bcher-kva.example',
    ]);
  });

  it('refuses a public domain that no address could use', () => {
    assert.throws(
      () => loadConfig({ INBOXD_PUBLIC_DOMAINS: 'inboxd.test,localhost' }),
      /localhost is not a valid mail domain/,
    );
  });

  it('lets the environment win over the config file', () => {
    const config = loadConfig({ INBOXD_SMTP_PORT: '25' }, { INBOXD_SMTP_PORT: '2626', INBOXD_HOSTNAME: 'mx.example' });
    assert.equal(config.smtpPort, 25);
    assert.equal(config.hostname, 'mx.example');
  });

  it('reports every problem at once', () => {
    try {
      loadConfig({
        INBOXD_SMTP_PORT: '-1',
        INBOXD_TRUST_PROXY: 'maybe',
        INBOXD_DATABASE_URL: 'mysql://x',
        INBOXD_TLS_CERT: 'c.pem',
      });
      assert.fail('expected a ConfigError');
    } catch (error) {
      assert.ok(error instanceof ConfigError);
      assert.equal(error.problems.length, 4, error.problems.join('\n'));
    }
  });

  it('is documented key by key in docs/config.md', () => {
    const doc = readFileSync(new URL('../../docs/config.md', import.meta.url), 'utf8');
    for (const key of Object.values(configKeys))
      assert.match(doc, new RegExp(`\\b${key.env}\\b`), `${key.env} is missing from docs/config.md`);
  });
});
