// HTTPS only (D18): every plain-HTTP request is redirected to the same path on HTTPS, 301 for GET and
// HEAD and 308 otherwise, with a JSON body.
import type * as http from 'node:http';
import { createRequire } from 'node:module';
import { errorCatalogue } from '../errors.js';
import { clientErrorHandler } from './error-handler.js';

// node:http is required, not imported: on Node 24 an ESM import reads every export of the module, and
// node:http's WebSocket, MessageEvent and CloseEvent exports load Node's bundled undici on their first
// read, about 3 MB of heap that nothing here uses (issue 15).
const { createServer } = createRequire(import.meta.url)('node:http') as typeof http;

export function redirectStatus(method: string | undefined): 301 | 308 {
  return method === 'GET' || method === 'HEAD' ? 301 : 308;
}

export function redirectLocation(httpsOrigin: string, path: string | undefined): string {
  const safePath = path !== undefined && path.startsWith('/') && !path.startsWith('//') ? path : '/';
  return `${httpsOrigin}${safePath}`;
}

export const redirectBody = JSON.stringify({ error: 'https_required', message: errorCatalogue.https_required.message });

/** The plain-HTTP listener: it serves nothing but redirects. `origin()` is read per request. */
export function createRedirectServer(origin: () => string): http.Server {
  const server = createServer((request, response) => {
    response.writeHead(redirectStatus(request.method), {
      Location: redirectLocation(origin(), request.url),
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(redirectBody),
    });
    response.end(request.method === 'HEAD' ? undefined : redirectBody);
  });
  // What the HTTP parser refuses is answered as JSON here too (D16).
  server.on('clientError', clientErrorHandler);
  return server;
}
