#!/usr/bin/env node
// The inboxd command (package.json bin). It checks the Node.js version first and only then loads the
// program (cli/program.ts), whose modules need a supported Node (node:sqlite, P36).
import { unsupportedNode } from './runtime/node-support.js';
import { quietSqliteWarning } from './runtime/sqlite-warning.js';

const refusal = unsupportedNode(process.versions.node);
if (refusal !== null) {
  console.error(refusal);
  process.exit(1);
}
quietSqliteWarning();
await import('./cli/program.js');
