// An MCP client over streamable HTTP to an inboxd service, trusting the given certificates and sending
// a bearer key when one is given. Used by `inboxd wait` (and by the tests, as a real client).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Agent, fetch as undiciFetch } from 'undici';

export interface McpConnection {
  client: Client;
  close(): Promise<void>;
}

export interface McpConnectionOptions {
  /** PEM certificates to trust (replacing the defaults; pass tls.rootCertificates to keep them). */
  ca: string | string[];
  /** The TLS server name to verify, when it differs from the URL's host. */
  servername?: string;
  key?: string;
  clientName: string;
}

export async function connectMcpClient(url: URL, options: McpConnectionOptions): Promise<McpConnection> {
  const dispatcher = new Agent({
    connect: { ca: options.ca, ...(options.servername === undefined ? {} : { servername: options.servername }) },
  });
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: options.key === undefined ? {} : { headers: { authorization: `Bearer ${options.key}` } },
    fetch: ((target: string | URL, init?: RequestInit) =>
      undiciFetch(target, { ...(init as object), dispatcher })) as unknown as typeof fetch,
  });
  const client = new Client({ name: options.clientName, version: '1.0.0' });
  try {
    await client.connect(transport);
  } catch (error) {
    await dispatcher.close();
    throw error;
  }
  return {
    client,
    async close() {
      await client.close();
      await dispatcher.close();
    },
  };
}
