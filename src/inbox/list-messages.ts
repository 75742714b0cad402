// GET /api/v1/mailbox: the messages at an address, newest first, paged by `before` (interface §4.1, D2).
import { AppError } from '../errors.js';
import { admit, requireAddress, requireId } from './admit.js';
import type { Caller } from './caller.js';
import type { InboxDeps } from './deps.js';
import { summaryView, type MessageSummaryView } from './views.js';

export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 200;

export interface ListRequest {
  address: unknown;
  limit?: unknown;
  before?: unknown;
}

export interface ListResponse {
  address: string;
  count: number;
  next: string | null;
  messages: MessageSummaryView[];
}

function pageSize(value: unknown): number {
  if (value === undefined) return DEFAULT_PAGE;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_PAGE) {
    throw new AppError('invalid_parameter', `limit must be an integer from 1 to ${MAX_PAGE}.`);
  }
  return n;
}

export function createListMessages(deps: InboxDeps) {
  return async function listMessages(caller: Caller, request: ListRequest): Promise<ListResponse> {
    const mailbox = requireAddress(request.address);
    const limit = pageSize(request.limit);
    const before = request.before === undefined ? undefined : requireId(request.before, 'before');
    await admit(deps, caller, mailbox);
    // One row more than asked tells whether anything older remains (D2).
    const rows = await deps.store.listMessages({ mailbox: mailbox.address, before, limit: limit + 1, now: deps.clock.now() });
    const page = rows.slice(0, limit);
    return {
      address: mailbox.address,
      count: page.length,
      next: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null,
      messages: page.map(summaryView),
    };
  };
}
