// GET / : the inbox page (D26), built by scripts/build-web.mjs into dist/web and served as static files.
// The page's own CSP allows only its own script and the API on this origin. Two loosenings exist for the
// mail frame alone, because a srcdoc frame inherits the page's policy on top of its own: inline styles
// (mail is styled inline) and http(s) images (loaded only after the reader asks; until then the frame's
// own policy allows data: images only). The page never writes a sender's text as markup.
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/** dist/web, from src/http (tsx) and from dist/http (built) alike. */
export const WEB_DIR = fileURLToPath(new URL('../../dist/web/', import.meta.url));

export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https: http:",
  "connect-src 'self'",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE_HEADERS = {
  'Content-Security-Policy': PAGE_CSP,
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'Cache-Control': 'no-cache',
};

export async function registerWebPage(app: FastifyInstance, webDir: string = WEB_DIR): Promise<void> {
  if (!existsSync(`${webDir}/index.html`)) {
    app.log.warn({ webDir }, 'the inbox page is not built (run npm run build): GET / answers 503');
    app.get('/', { schema: { hide: true } }, async () => {
      throw new AppError('unavailable', 'The inbox page is not built on this server (npm run build).', {
        retryAfterSeconds: 60,
      });
    });
    return;
  }
  await app.register(fastifyStatic, {
    root: `${webDir}/assets`,
    prefix: '/assets/',
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
  });
  app.get('/', { schema: { hide: true } }, (_request, reply) =>
    reply.headers(PAGE_HEADERS).sendFile('index.html', webDir),
  );
}
