import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unsupportedNode } from './node-support.js';

describe('the supported Node.js lines', () => {
  it('accepts 22.16 and later 22s, 24 and 26', () => {
    for (const version of ['22.16.0', '22.23.3', '24.0.0', '24.21.0', '26.10.0', '27.0.0'])
      assert.equal(unsupportedNode(version), null, version);
  });

  it('refuses Node 20 and a 22 older than 22.16 with one line that names both versions', () => {
    for (const version of ['20.20.2', '22.15.1', '18.20.0']) {
      const line = unsupportedNode(version);
      assert.ok(line !== null, version);
      assert.ok(!line.includes('\n'));
      assert.match(line, /22\.16 or newer/);
      assert.ok(line.endsWith(`this is Node.js ${version}.`));
    }
  });
});
