// Debian's Chromium driven by playwright-core, as the browser tests require: headless, no GPU, no
// background networking (this machine's network is closed), a fresh user-data-dir per launch, and the
// test app's self-signed certificate accepted. In CI (CI=true) a missing Chromium fails the test; on a
// developer's machine the browser tests skip and say why.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.INBOXD_TEST_CHROMIUM ?? '/usr/bin/chromium';

/** Why the browser tests cannot run here, or undefined when they can (never skipped in CI). */
export function browserSkipReason(): string | undefined {
  if (existsSync(CHROMIUM) || process.env.CI === 'true') return undefined;
  return `skipped: no Chromium at ${CHROMIUM} (apt-get install chromium, or set INBOXD_TEST_CHROMIUM)`;
}

export interface TestBrowser {
  context: BrowserContext;
  page: Page;
  /** Every request the page made, by path (with query), in order. */
  requests: string[];
  /** Console messages and uncaught page errors. */
  console: string[];
  close(): Promise<void>;
}

export async function launchBrowser(
  options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {},
): Promise<TestBrowser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'inboxd-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
    ignoreHTTPSErrors: true,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
    acceptDownloads: true,
    reducedMotion: 'reduce',
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const requests: string[] = [];
  const messages: string[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    requests.push(`${url.pathname}${url.search}`);
  });
  page.on('console', (message) => messages.push(message.text()));
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return {
    context,
    page,
    requests,
    console: messages,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
