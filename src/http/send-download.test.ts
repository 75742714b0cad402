import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import contentDisposition from 'content-disposition';
import { safeFilename } from './send-download.js';

describe('safeFilename', () => {
  it('cuts a long name at 200 code points, never inside a surrogate pair, so the header can be written', () => {
    const name = `${'a'.repeat(199)}😀😀.pdf`;
    const safe = safeFilename(name);
    assert.equal(Array.from(safe).length, 200);
    assert.ok(safe.endsWith('😀'));
    assert.doesNotThrow(() => encodeURIComponent(safe));
    assert.match(
      contentDisposition(safe, { type: 'attachment' }),
      /^attachment; filename="a+\?+"; filename\*=UTF-8''a+%F0%9F%98%80$/,
    );
  });

  it('keeps no path, no control or bidi characters, and is never empty', () => {
    assert.equal(safeFilename('../../etc/passwd'), 'passwd');
    assert.equal(safeFilename('inv\u202eoice\u0000.pdf'), 'invoice.pdf');
    assert.equal(safeFilename('...'), 'attachment');
  });
});
