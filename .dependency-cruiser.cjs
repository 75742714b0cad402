/**
 * The one-way import rule of docs/architecture.md, checked in CI:
 * edges (smtp, http, mcp, cli, retention) → use cases (inbox, operator) → policy and pure logic (access,
 * domains, mail, limits/policy) → storage interfaces (store, limits, events). Only the composition root
 * (app.ts, storage.ts which opens the stores for the server and the operator commands, and shared-engines.ts
 * which opens the Redis limiter and events) knows adapters.
 */
const EDGES = '^src/(smtp|http|mcp|cli|retention)/';
const ADAPTERS = '^src/(store/(sqlite|postgres)|limits/(memory|redis)|events/(memory|redis|postgres))[-/]';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'nothing-imports-an-edge',
      comment:
        'Edges are entry points; only the composition root (app.ts, main.ts) wires them. An edge may use its own folder.',
      severity: 'error',
      from: { path: '^src/(?!(smtp|http|mcp|cli|retention)/)', pathNot: ['^src/(app|main)\\.ts$', '\\.test\\.ts$'] },
      to: { path: EDGES },
    },
    {
      name: 'edges-stay-in-their-own-folder',
      comment: 'One edge never reaches into another edge.',
      severity: 'error',
      from: { path: '^src/(smtp|http|mcp|cli|retention)/' },
      to: { path: EDGES, pathNot: '^src/$1/' },
    },
    {
      name: 'use-cases-do-not-import-edges',
      severity: 'error',
      from: { path: '^src/(inbox|operator)/' },
      to: { path: EDGES },
    },
    {
      name: 'policy-does-not-import-use-cases',
      comment: 'access, domains, mail and limits are below the use cases.',
      severity: 'error',
      from: { path: '^src/(access|domains|mail|limits|store|events|config)/' },
      to: { path: '^src/(inbox|operator)/' },
    },
    {
      name: 'storage-knows-no-policy',
      comment: 'store, limits and events are interfaces and adapters; they import no policy or use case.',
      severity: 'error',
      from: { path: '^src/(store|limits|events)/' },
      to: { path: '^src/(inbox|operator|access|domains|mail)/' },
    },
    {
      name: 'only-the-composition-root-knows-adapters',
      severity: 'error',
      from: {
        path: '^src/',
        pathNot: ['^src/(app|storage|shared-engines)\\.ts$', ADAPTERS, '\\.test\\.ts$', '-contract\\.ts$'],
      },
      to: { path: ADAPTERS },
    },
    {
      name: 'the-page-is-its-own-program',
      comment:
        "web/ runs in the browser and reaches the service only through the public HTTP API (D26); it may name the typed client's types of that API (src/client/api-types.ts), types only.",
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^src/', pathNot: '^src/client/api-(types|schema)\\.ts$' },
    },
    {
      name: 'the-service-does-not-import-the-page',
      comment: 'The service serves the built page as files (http/web-page.ts); it never imports its code.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^web/' },
    },
    {
      name: 'the-client-is-its-own-program',
      comment:
        'src/client (inboxd/client) is shipped to test suites and speaks only the public HTTP API (issue 19): it imports nothing of the service.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^src/', pathNot: '^src/client/' },
    },
    {
      name: 'nothing-imports-the-client',
      comment:
        'The service never uses its own client; the client is a package export only (the page names its API types).',
      severity: 'error',
      from: { path: '^(src|web)/', pathNot: ['^src/client/'] },
      to: { path: '^src/client/', pathNot: '^src/client/api-(types|schema)\\.ts$' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
