// The MCP SDK's own client over its streamable HTTP transport (the same connection `inboxd wait` makes),
// against a test app's real HTTPS listener, trusting its generated certificate, with an optional key.
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { connectMcpClient, type McpConnection } from '../../src/cli/mcp-connection.js';
import type { TestApp } from './test-app.js';

export type { McpConnection };

/** The MCP endpoint's tools, sorted: what every MCP client of the service, the SDK's or the inspector, lists. */
export const MCP_TOOL_NAMES = [
  'create_inbox',
  'delete_message',
  'list_domains',
  'list_messages',
  'read_message',
  'wait_for_message',
];

export function connectMcp(t: TestApp, options: { key?: string } = {}): Promise<McpConnection> {
  return connectMcpClient(new URL(`https://127.0.0.1:${t.app.httpsPort}/mcp`), {
    ca: t.app.tls.cert,
    servername: 'localhost',
    clientName: 'inboxd-tests',
    ...(options.key === undefined ? {} : { key: options.key }),
  });
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
