// Reads GET /api/v1/mailbox/events as a client would: every server-sent event in arrival order (parsed by
// eventsource-parser, the parser the page bundles), and whether the server has closed the stream.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { TestApp } from './test-app.js';

export interface MailboxStream {
  status: number;
  headers: Headers;
  /** The JSON body of a refused request. */
  refusal: { error: string; message: string } | undefined;
  events: EventSourceMessage[];
  comments: string[];
  closed: boolean;
  /** Closes the stream from the client's side. */
  close(): void;
}

export async function openMailboxStream(
  t: TestApp,
  address: string,
  headers: Record<string, string> = {},
): Promise<MailboxStream> {
  const controller = new AbortController();
  const response = await t.open(`/api/v1/mailbox/events?address=${encodeURIComponent(address)}`, {
    headers,
    signal: controller.signal,
  });
  const stream: MailboxStream = {
    status: response.status,
    headers: response.headers as unknown as Headers,
    refusal: undefined,
    events: [],
    comments: [],
    closed: false,
    close: () => controller.abort(),
  };
  if (response.status !== 200 || response.body === null) {
    stream.refusal = (await response.json()) as MailboxStream['refusal'];
    stream.closed = true;
    return stream;
  }
  const parser = createParser({
    onEvent: (event) => stream.events.push(event),
    onComment: (comment) => stream.comments.push(comment),
  });
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as AsyncIterable<Uint8Array>)
        parser.feed(decoder.decode(chunk, { stream: true }));
    } catch {
      // Aborted by close(), or cut by the server.
    }
    stream.closed = true;
  })();
  return stream;
}

export function eventsNamed(stream: MailboxStream, name: string): unknown[] {
  return stream.events.filter((e) => e.event === name).map((e) => JSON.parse(e.data) as unknown);
}
