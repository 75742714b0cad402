// The fast layer, in one process: every test file is a process of its own that pays seconds of CPU to load
// TypeScript and the service's modules before its first test, more than these suites take to run. Each
// suite still composes its own app (test/support/fast-app.ts). One suite alone:
// `npx tsx --test test/fast/<name>.ts`.
import './closed-domains.js';
import './http-api.js';
import './http-errors.js';
import './list-cache.js';
import './operations.js';
import './own-domains.js';
import './premium.js';
import './rate-limits.js';
import './raw-and-metrics.js';
import './trusted-proxies.js';
