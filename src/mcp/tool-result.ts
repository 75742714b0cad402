// Tool results as D23 wants them: structuredContent matching the tool's output schema plus the same JSON
// as text; failures as isError results whose text starts with the slug of D16, with no structuredContent.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isAppError } from '../errors.js';

export function toolSuccess(value: object): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(value) }],
    structuredContent: value as Record<string, unknown>,
  };
}

export function toolFailure(slug: string, message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: `${slug}: ${message}` }] };
}

export function failureOf(error: unknown): CallToolResult {
  if (!isAppError(error)) return toolFailure('internal_error', 'Something went wrong on our side.');
  const retry = error.retryAfterSeconds === undefined ? '' : ` Retry after ${error.retryAfterSeconds} s.`;
  return toolFailure(error.slug, `${error.message}${retry}`);
}

/** The SDK's own failures (arguments that break the input schema, an unknown tool), given a slug too. */
export function sdkFailure(message: string): CallToolResult {
  if (/Input validation error/.test(message)) {
    return toolFailure(/\baddress\b/.test(message) ? 'invalid_address' : 'invalid_parameter', message);
  }
  if (/Tool .* not found/.test(message)) return toolFailure('not_found', message);
  return toolFailure('internal_error', message);
}
