// The API types of the typed client (src/client/api-schema.ts), which the page names too, are generated
// from the OpenAPI document (D20); a route schema changed without regenerating them would leave the page
// reading, and the client promising, shapes the service no longer sends.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { before, describe, it } from 'node:test';
import { apiSchemaSource, CLIENT_SCHEMA_FILE } from '../scripts/gen-api-types.js';

function assertCurrent(file: string, current: string): void {
  const committed = readFileSync(file, 'utf8');
  if (committed === current) return;
  const was = committed.split('\n');
  const now = current.split('\n');
  let line = 0;
  while (now[line] === was[line]) line += 1;
  assert.fail(
    `${relative(process.cwd(), file)} is stale: run \`npm run gen:api-types\` and commit the result.\n` +
      `First difference at line ${line + 1}: now ${JSON.stringify(now[line] ?? '(end)')}, committed ${JSON.stringify(was[line] ?? '(end)')}`,
  );
}

describe('the generated API types', () => {
  let current = '';
  before(async () => {
    current = await apiSchemaSource();
  });

  it('of the typed client (and so of the page) match the OpenAPI document the service serves now', () =>
    assertCurrent(CLIENT_SCHEMA_FILE, current));
});
