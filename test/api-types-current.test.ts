// The page's API types (web/src/api-schema.ts) are generated from the OpenAPI document (D20); a route schema
// changed without regenerating them would leave the page reading shapes the service no longer sends.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { API_SCHEMA_FILE, apiSchemaSource } from '../scripts/gen-api-types.js';

describe('the page’s generated API types', () => {
  it('match the OpenAPI document the service serves now', async () => {
    const committed = readFileSync(API_SCHEMA_FILE, 'utf8');
    const current = await apiSchemaSource();
    if (committed === current) return;
    const was = committed.split('\n');
    const now = current.split('\n');
    let line = 0;
    while (now[line] === was[line]) line += 1;
    assert.fail(
      `web/src/api-schema.ts is stale: run \`npm run gen:api-types\` and commit the result.\n` +
        `First difference at line ${line + 1}: now ${JSON.stringify(now[line] ?? '(end)')}, committed ${JSON.stringify(was[line] ?? '(end)')}`,
    );
  });
});
