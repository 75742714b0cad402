// Builds the inbox page (web/) into dist/web: index.html, and under assets/ one ES module bundle of
// web/src (esbuild, minified, with its source map), the style sheet and the icon. The server serves these
// files as they are (src/http/web-page.ts). Run by `npm run build` and before the tests.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'web');
rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'assets'), { recursive: true });

await build({
  entryPoints: { app: join(root, 'web', 'src', 'main.ts'), style: join(root, 'web', 'style.css') },
  outdir: join(out, 'assets'),
  bundle: true,
  minify: true,
  sourcemap: true,
  format: 'esm',
  target: ['es2022', 'chrome110', 'firefox115', 'safari16'],
  legalComments: 'none',
  logLevel: 'warning',
});
copyFileSync(join(root, 'web', 'index.html'), join(out, 'index.html'));
copyFileSync(join(root, 'web', 'icon.svg'), join(out, 'assets', 'icon.svg'));
