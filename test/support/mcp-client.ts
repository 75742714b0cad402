// The MCP SDK's own client over its streamable HTTP transport, against a test app's real HTTPS listener
// (trusting its generated certificate), with an optional bearer key.
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Agent, fetch as undiciFetch } from 'undici';
import type { TestApp } from './test-app.js';

export interface McpConnection {
  client: Client;
  close(): Promise<void>;
}

export async function connectMcp(t: TestApp, options: { key?: string } = {}): Promise<McpConnection> {
  const dispatcher = new Agent({ connect: { ca: t.app.tls.cert, servername: 'localhost' } });
  const transport = new StreamableHTTPClientTransport(new URL(`https://127.0.0.1:${t.app.httpsPort}/mcp`), {
    requestInit: options.key === undefined ? {} : { headers: { authorization: `Bearer ${options.key}` } },
    fetch: ((url: string | URL, init?: RequestInit) => undiciFetch(url, { ...(init as object), dispatcher })) as unknown as typeof fetch,
  });
  const client = new Client({ name: 'inboxd-tests', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    async close() {
      await client.close();
      await dispatcher.close();
    },
  };
}

/** Resolves as soon as the condition holds, checking every millisecond; gives up after `limitMs`.
 * A condition to wait for, not a fixed sleep. */
export async function until(condition: () => boolean, what: string, limitMs = 20_000): Promise<void> {
  const deadline = performance.now() + limitMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await delay(1);
  }
}
