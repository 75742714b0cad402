// `inboxd wait <address> [--timeout S] [--json]` (D28): prints the next message at an address as it arrives,
// for people and test suites. It is a client of the running service: it calls the wait_for_message tool
// over the MCP endpoint, so the wait is woken by the delivery itself and follows the same access rules,
// keys and limits as every other caller. Exit status: 0 a message, 1 refused, 2 configuration, 124 timeout.
import { existsSync, readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Command } from 'commander';
import type { Config } from '../config/config.js';
import { generatedCertificatePath } from '../tls/tls-material.js';
import { configOrExit, type ConfigOption } from './cli-config.js';
import { formatMessage, type PrintedMessage } from './format-message.js';

const TOOL_MAX_SECONDS = 50;
export const TIMEOUT_EXIT = 124;

interface WaitOptions extends ConfigOption {
  timeout: string;
  json?: boolean;
  key?: string;
  url?: string;
  from?: string;
  subject?: string;
}

function serviceUrl(config: Config, given: string | undefined): string {
  const base = given ?? config.baseUrl ?? `https://${config.hostname}:${config.httpsPort}`;
  return `${base.replace(/\/$/, '')}/mcp`;
}

/** The system's CAs, plus the service's own generated certificate when there is one. */
function trustedCertificates(config: Config): string[] {
  const generated = generatedCertificatePath(config.dataDir, config.hostname);
  return config.tlsCert === undefined && existsSync(generated)
    ? [...rootCertificates, readFileSync(generated, 'utf8')]
    : [...rootCertificates];
}

async function waitOnce(
  client: Client,
  address: string,
  seconds: number,
  options: WaitOptions,
): Promise<CallToolResult> {
  const args: Record<string, unknown> = { address, timeout_seconds: seconds };
  if (options.from !== undefined) args.from = options.from;
  if (options.subject !== undefined) args.subject = options.subject;
  // The tool answers within `seconds`; the request timeout only guards against a dead server.
  return (await client.callTool({ name: 'wait_for_message', arguments: args }, undefined, {
    timeout: (seconds + 30) * 1000,
  })) as CallToolResult;
}

export function registerWaitCommand(program: Command): void {
  program
    .command('wait <address>')
    .description('print the next unseen message at an address as it arrives (marks it seen)')
    .option('--timeout <seconds>', 'give up after this many seconds', '30')
    .option('--json', 'print the message as JSON (with codes and links)')
    .option('--key <key>', 'bearer key for closed and premium domains')
    .option('--from <text>', 'only a message whose sender contains this')
    .option('--subject <text>', 'only a message whose subject contains this')
    .option('--url <base-url>', 'the service to ask; default INBOXD_BASE_URL or https://{hostname}:{https_port}')
    .option('--config <file>', 'JSON file of INBOXD_* keys; environment variables win over it')
    .action(async (address: string, options: WaitOptions) => {
      const config = configOrExit(options);
      const total = Number(options.timeout);
      if (!Number.isInteger(total) || total < 0) {
        console.error('inboxd: --timeout must be a whole number of seconds.');
        process.exit(2);
      }
      // The MCP client and undici load only here: `inboxd serve` never holds them (issue 15).
      const { connectMcpClient } = await import('./mcp-connection.js');
      const connection = await connectMcpClient(new URL(serviceUrl(config, options.url)), {
        ca: trustedCertificates(config),
        clientName: 'inboxd-wait',
        ...(options.key === undefined ? {} : { key: options.key }),
      });
      const { client } = connection;
      try {
        const deadline = Date.now() + total * 1000;
        for (;;) {
          const seconds = Math.max(0, Math.min(TOOL_MAX_SECONDS, Math.ceil((deadline - Date.now()) / 1000)));
          const result = await waitOnce(client, address, seconds, options);
          if (result.isError === true) {
            console.error(`inboxd: ${(result.content[0] as { text: string }).text}`);
            process.exitCode = 1;
            return;
          }
          const answer = result.structuredContent as { status: string; message: PrintedMessage | null };
          if (answer.message !== null) {
            console.log(
              options.json === true ? JSON.stringify(answer.message, null, 2) : formatMessage(answer.message),
            );
            return;
          }
          if (Date.now() >= deadline) {
            console.error(`inboxd: no message at ${address} within ${total} s`);
            process.exitCode = TIMEOUT_EXIT;
            return;
          }
        }
      } finally {
        await connection.close();
      }
    });
}
