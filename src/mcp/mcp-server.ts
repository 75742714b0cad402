// One MCP server per request (D23: stateless), holding the caller of that request and the tools, each
// an operation of the table run with the caller's arguments as the SDK checked them.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Caller } from '../inbox/shared/caller.js';
import type { z } from 'zod';
import type { Inbox } from '../inbox/inbox.js';
import type { Operation } from '../inbox/shared/operation.js';
import { failureOf, sdkFailure, toolSuccess } from './tool-result.js';
import { inputSchemaOf, runOptionsOf, SENDER_WARNING, TOOLS } from './tools.js';

export const INSTRUCTIONS =
  'inboxd is a receive-only disposable e-mail service. create_inbox gives a fresh address; any address on a listed domain receives mail, and messages are deleted 5 days after arrival. ' +
  'To sign up somewhere: create_inbox, give the address to the site, wait_for_message on it, then use the codes or links it returns. ' +
  `${SENDER_WARNING} Closed and premium domains need the Authorization: Bearer key of the HTTP request. Failures are tool errors whose text starts with a stable slug such as not_found or rate_limited.`;

/** One JSON Schema validator for every request's server: the SDK makes an Ajv instance (with its formats)
 * for each server it is not given one, about 0.3 ms of the event loop per MCP request (issue 15), and uses it
 * only for elicitation, which these tools never ask for. */
const jsonSchemaValidator = new AjvJsonSchemaValidator();

export function createMcpServer(inbox: Inbox, caller: Caller, version: string): McpServer {
  const server = new McpServer(
    { name: 'inboxd', version },
    { instructions: INSTRUCTIONS, capabilities: { tools: {} }, jsonSchemaValidator },
  );
  for (const tool of TOOLS) {
    // Every operation's type is one of the table's; the SDK has checked the arguments against its schema.
    const operation = inbox.operations[tool.operation] as Operation;
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: inputSchemaOf(operation, tool),
        outputSchema: operation.output as z.ZodObject,
        annotations: tool.annotations,
      },
      async (args: Record<string, unknown>, extra) => {
        try {
          return toolSuccess((await operation.run(caller, args, runOptionsOf(extra))) as object);
        } catch (error) {
          return failureOf(error);
        }
      },
    );
  }
  // The SDK answers arguments that break an input schema with an error text of its own; D23 wants every
  // failure to start with a slug. Its error builder is internal, so it is replaced on this instance only
  // (test/mcp.test.ts fails if an SDK update moves it).
  const internals = server as unknown as { createToolError?: (message: string) => CallToolResult };
  if (typeof internals.createToolError === 'function') internals.createToolError = sdkFailure;
  return server;
}
