#!/usr/bin/env node
// The inboxd command (package.json bin). It checks the Node.js version first and only then loads the
// program (cli/program.ts), whose modules need a supported Node (node:sqlite, P36).
import { unsupportedNode } from './runtime/node-support.js';
import { quietSqliteWarning } from './runtime/sqlite-warning.js';
import { limitOldGenerationGrowth } from './runtime/old-generation.js';
import { capYoungGeneration } from './runtime/young-generation.js';

const refusal = unsupportedNode(process.versions.node);
if (refusal !== null) {
  console.error(refusal);
  process.exit(1);
}
quietSqliteWarning();
// Before the program loads: its young generation stays within 16 MiB, and its old generation grows by at
// most half past what a full collection finds alive (issue 15).
capYoungGeneration();
limitOldGenerationGrowth();
await import('./cli/program.js');
