// HTTPS to a benchmarked inboxd (its generated certificate trusted), and reading /metrics.
import { readFileSync } from 'node:fs';
import { Agent, fetch } from 'undici';
import type { RunningInboxd } from './processes.js';

export interface HttpsClient {
  get(path: string): Promise<{ status: number; text: string }>;
  /** One sample of a metric from /metrics (the first series of that name), or NaN. */
  metric(name: string): Promise<number>;
  /** Several metrics from one scrape (a scrape resets the event-loop histogram). */
  metrics(names: string[]): Promise<number[]>;
  close(): Promise<void>;
}

export function httpsClient(node: RunningInboxd, options: { localAddress?: string } = {}): HttpsClient {
  const dispatcher = new Agent({
    connect: { ca: readFileSync(node.certFile, 'utf8'), servername: 'localhost', ...options },
    connections: 64,
  });
  const base = `https://127.0.0.1:${node.httpsPort}`;
  const get = async (path: string) => {
    const response = await fetch(`${base}${path}`, { dispatcher });
    return { status: response.status, text: await response.text() };
  };
  return {
    get,
    async metric(name) {
      return (await this.metrics([name]))[0]!;
    },
    async metrics(names) {
      const lines = (await get('/metrics')).text.split('\n');
      return names.map((name) => {
        const line = lines.find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
        return line === undefined ? Number.NaN : Number(line.slice(line.lastIndexOf(' ') + 1));
      });
    },
    close: () => dispatcher.close(),
  };
}
