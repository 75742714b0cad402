// POST {base_url}/mcp: MCP over the streamable HTTP transport, stateless (D23): a fresh server and
// transport per request, answering with an SSE stream so progress notifications can flow. A request with
// an Origin other than the configured base URL's (or one of INBOXD_MCP_ORIGINS) answers 403: never one
// derived from the request's own Host, which a DNS-rebinding page controls. Clients that send no Origin
// (agents, the CLI) are not browsers and pass. GET and DELETE answer
// 405 through the route table. When the client goes away the transport closes, which aborts the tool
// call in flight (a wait ends at once). The MCP SDK (with the zod v3 compatibility layer and Node's fetch
// classes it uses) is loaded at the first MCP request, not at start: 5–8 MB of resident memory in a
// process that may never be asked over MCP (issue 15). That first request waits for the load once
// (0.2–0.3 s on a busy two-core machine).
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerFromHeader } from '../access/identify-caller.js';
import { AppError } from '../errors.js';
import type { Caller } from '../inbox/shared/caller.js';
import type { Inbox } from '../inbox/inbox.js';
import type { ClientAddressRule } from '../limits/client-address.js';
import { clientNetwork } from '../limits/client-network.js';
import type { createMcpServer } from './mcp-server.js';

interface McpModules {
  createMcpServer: typeof createMcpServer;
  StreamableHTTPServerTransport: typeof StreamableHTTPServerTransport;
}

let loading: Promise<McpModules> | undefined;

/** The SDK's modules, loaded once by whichever request comes first (again after a failed load). */
function mcpModules(): Promise<McpModules> {
  loading ??= Promise.all([
    import('./mcp-server.js'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
  ]).then(
    ([server, transport]) => ({
      createMcpServer: server.createMcpServer,
      StreamableHTTPServerTransport: transport.StreamableHTTPServerTransport,
    }),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export interface McpEndpointOptions {
  inbox: Inbox;
  baseUrl: () => string;
  /** Who the client is behind the trusted proxies, the same rule as the HTTP API's. */
  clientAddress: ClientAddressRule;
  /** Origins besides the base URL's that may call the endpoint (INBOXD_MCP_ORIGINS). */
  allowedOrigins: string[];
  version: string;
}

function originAllowed(origin: string, baseUrl: string, allowed: string[]): boolean {
  return (baseUrl !== '' && origin === new URL(baseUrl).origin) || allowed.includes(origin);
}

function isToolCall(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    (body as { method?: unknown }).method === 'tools/call'
  );
}

function callerOf(request: FastifyRequest, rule: ClientAddressRule): Caller {
  const address = rule.clientOf(request.socket.remoteAddress, request.headers['x-forwarded-for']);
  return { network: clientNetwork(address), bearer: bearerFromHeader(request.headers.authorization) };
}

export function registerMcpEndpoint(app: FastifyInstance, options: McpEndpointOptions): void {
  app.post('/mcp', { schema: { hide: true } }, async (request, reply) => {
    const origin = request.headers.origin;
    if (origin !== undefined && !originAllowed(origin, options.baseUrl(), options.allowedOrigins)) {
      throw new AppError('forbidden', 'Requests from this Origin may not call the MCP endpoint.');
    }
    const caller = callerOf(request, options.clientAddress);
    // Tool calls are counted by the use case they run; every other protocol request is counted here.
    if (!isToolCall(request.body)) await options.inbox.chargeProtocolRequest(caller);
    const { createMcpServer, StreamableHTTPServerTransport } = await mcpModules();
    const server = createMcpServer(options.inbox, caller, options.version);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    reply.hijack();
    reply.raw.setHeader('Strict-Transport-Security', 'max-age=31536000');
    reply.raw.setHeader('X-Content-Type-Options', 'nosniff');
    reply.raw.setHeader('Cache-Control', 'no-store');
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    } catch (error) {
      request.log.error({ err: error }, 'mcp request failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
        reply.raw.end(JSON.stringify({ error: 'internal_error', message: 'Something went wrong on our side.' }));
      }
    }
  });
}
