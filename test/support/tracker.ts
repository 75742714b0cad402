// A loopback HTTP listener standing in for a sender's tracking server: it records every request (path and
// Referer) so a test can assert that a page loaded nothing from it, or exactly what it loaded once the reader
// allowed it. Image paths get a 1×1 GIF; anything else (a clicked link) gets a small HTML page that declares
// its own icon, so the tab it opens in does not ask for /favicon.ico later, at a moment no test expects.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const LANDING =
  '<!doctype html><html><head><link rel="icon" href="data:,"><title>landing</title></head><body>landing</body></html>';
const IMAGE_PATH = /\.(?:gif|png|jpe?g|webp|svg)(?:\?|$)/i;

export interface Tracker {
  url: string;
  hits: { path: string; referer: string | undefined }[];
  close(): Promise<void>;
}

export async function startTracker(): Promise<Tracker> {
  const hits: Tracker['hits'] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '';
    hits.push({ path, referer: request.headers.referer });
    if (IMAGE_PATH.test(path)) {
      response.writeHead(200, { 'Content-Type': 'image/gif', 'Cache-Control': 'no-store' });
      response.end(PIXEL);
    } else {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      response.end(LANDING);
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
