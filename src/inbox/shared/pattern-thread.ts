// Where the HTTP wait's regular expressions run (issue 19): one worker thread, one test at a time, each
// stopped after its budget by ending the thread (a fresh one takes the next test). A pattern that passes
// regex-safety.ts's checks can still take time in proportion to a power of the text's length, or to an
// exponential (`(a|a)*b`); here it costs that thread its budget, never the event loop. The thread is
// started at the first test and does not keep the process alive.
import { Worker } from 'node:worker_threads';

/** The thread's whole program (CommonJS, evaluated): it says it is ready, then compiles each source
 * once (case-insensitive) and answers whether it matches the text. */
const PROGRAM = `
const { parentPort } = require('node:worker_threads');
parentPort.postMessage('ready');
const compiled = new Map();
parentPort.on('message', ({ source, text }) => {
  let pattern = compiled.get(source);
  if (pattern === undefined) {
    if (compiled.size >= 256) compiled.clear();
    pattern = new RegExp(source, 'i');
    compiled.set(source, pattern);
  }
  parentPort.postMessage(pattern.test(text));
});
`;

export class PatternTooSlow extends Error {}

interface Test {
  source: string;
  text: string;
  budgetMs: number;
  settle(outcome: { matched: boolean } | { error: Error }): void;
}

const queue: Test[] = [];
let thread: Worker | null = null;
/** Whether the thread has started: a test's budget is counted from when it can run, not its start-up. */
let threadReady = false;
let running: Test | null = null;
let timer: NodeJS.Timeout | undefined;

function finish(outcome: { matched: boolean } | { error: Error }): void {
  clearTimeout(timer);
  const test = running;
  running = null;
  test?.settle(outcome);
  next();
}

function start(): Worker {
  const started = new Worker(PROGRAM, { eval: true, name: 'wait-regex', execArgv: [] });
  started.on('message', (answer: boolean | 'ready') => {
    if (thread !== started) return;
    if (answer !== 'ready') finish({ matched: answer });
    else {
      threadReady = true;
      next();
    }
  });
  const lost = (error: Error) => {
    if (thread !== started) return;
    thread = null;
    // A thread that could not even start fails what waits for it, rather than being started again and again.
    if (!threadReady) for (const waiting of queue.splice(0)) waiting.settle({ error });
    finish({ error });
  };
  started.on('error', lost);
  started.on('exit', (code) => lost(new Error(`the regex thread stopped (exit ${code})`)));
  // After the listeners: adding a 'message' listener refs the thread's port again.
  started.unref();
  return started;
}

function next(): void {
  if (running === null && queue.length > 0) {
    if (thread === null) {
      threadReady = false;
      thread = start();
    }
    if (threadReady) run(thread, queue.shift() as Test);
  }
  // The thread keeps the process alive only while it has tests to answer.
  if (running !== null || queue.length > 0) thread?.ref();
  else thread?.unref();
}

function run(current: Worker, test: Test): void {
  running = test;
  timer = setTimeout(() => {
    if (running !== test) return;
    thread = null;
    void current.terminate();
    finish({ error: new PatternTooSlow(`took longer than ${test.budgetMs} ms`) });
  }, test.budgetMs);
  current.postMessage({ source: test.source, text: test.text });
}

/** Whether `text` matches the case-insensitive pattern `source`; rejects with PatternTooSlow when the
 * test runs longer than `budgetMs` (counted from when the thread is given it). */
export function testOnThread(source: string, text: string, budgetMs: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    queue.push({
      source,
      text,
      budgetMs,
      settle: (outcome) => ('matched' in outcome ? resolve(outcome.matched) : reject(outcome.error)),
    });
    next();
  });
}
