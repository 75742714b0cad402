// Reaches into a worker thread of this process through the inspector protocol (NodeWorker domain), so a
// test can make the real thread fail from the inside, as a bug or a fault would, with no hook in the
// service's code: evaluate an expression in the thread whose name contains `name`, and see it restart.
import { Session } from 'node:inspector/promises';

export interface ThreadInspector {
  /** Evaluates `expression` in the newest thread named so; resolves with its value (JSON-serialisable). */
  evaluate(expression: string): Promise<unknown>;
  /** How many threads of that name have been seen (a restarted thread is a new one). */
  seen(): number;
  /** Resolves when a thread of that name beyond the first `count` has started. */
  started(count: number): Promise<void>;
  close(): void;
}

export async function inspectThreads(name: string): Promise<ThreadInspector> {
  const session = new Session();
  session.connect();
  const threads: string[] = [];
  const waiters: { count: number; resolve(): void }[] = [];
  const replies = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  session.on('NodeWorker.attachedToWorker', ({ params }) => {
    if (!params.workerInfo.title.includes(name)) return;
    threads.push(params.sessionId);
    for (const waiter of waiters.splice(0)) {
      if (threads.length > waiter.count) waiter.resolve();
      else waiters.push(waiter);
    }
  });
  session.on('NodeWorker.receivedMessageFromWorker', ({ params }) => {
    const message = JSON.parse(params.message) as {
      id?: number;
      result?: { result?: { value?: unknown }; exceptionDetails?: { text?: string } };
      error?: { message: string };
    };
    const waiter = message.id === undefined ? undefined : replies.get(message.id);
    if (waiter === undefined) return;
    replies.delete(message.id!);
    if (message.error !== undefined) waiter.reject(new Error(message.error.message));
    else if (message.result?.exceptionDetails !== undefined)
      waiter.reject(new Error(message.result.exceptionDetails.text ?? 'exception'));
    else waiter.resolve(message.result?.result?.value);
  });
  await session.post('NodeWorker.enable', { waitForDebuggerOnStart: false });
  const inspector: ThreadInspector = {
    evaluate(expression) {
      const sessionId = threads.at(-1);
      if (sessionId === undefined) return Promise.reject(new Error(`no thread named ${name}`));
      const id = nextId++;
      return new Promise((resolve, reject) => {
        replies.set(id, { resolve, reject });
        const message = JSON.stringify({ id, method: 'Runtime.evaluate', params: { expression, returnByValue: true } });
        session.post('NodeWorker.sendMessageToWorker', { sessionId, message }).catch(reject);
      });
    },
    seen: () => threads.length,
    started: (count) =>
      threads.length > count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () => session.disconnect(),
  };
  await inspector.started(0);
  return inspector;
}
