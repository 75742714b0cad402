// The version of inboxd, as the CLI and the MCP server report it: package.json's, read once (from src/
// under tsx and from dist/ when built, package.json is one folder up).
import { readFileSync } from 'node:fs';

export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
