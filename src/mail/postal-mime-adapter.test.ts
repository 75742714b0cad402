// The canary for postal-mime-adapter.ts: one test per piece of postal-mime the project borrows past its
// public API, each checking that the piece is still there, takes what it took, and gives what it gave on
// a small known input. A failure here after an upgrade of postal-mime means the adapter must be revisited
// before the upgrade goes in. This file (and only it, besides the adapter) looks at postal-mime directly.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import PostalMime from 'postal-mime';
import {
  bodyDecoderOf,
  parseStructuredHeader,
  parseWithPostalMime,
  transferEncodingOf,
} from './postal-mime-adapter.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** What the adapter and memory-blob.ts assume of a parser's insides. */
interface Internals {
  root: {
    parseStructuredHeader?: unknown;
    stripComments?: unknown;
    setupContentDecoder?: unknown;
    contentDecoder?: { constructor: { name: string } } | null;
  };
}

function mail(...lines: string[]): Uint8Array {
  return Buffer.from(lines.join('\r\n'));
}

/** multipart/mixed > (multipart/alternative > text/plain, text/html), application/pdf: five parts. */
const MIXED = mail(
  'From: A <a@example.com>',
  'Subject: canary',
  'Content-Type: multipart/mixed; boundary="m"',
  '',
  '--m',
  'Content-Type: multipart/alternative; boundary="a"',
  '',
  '--a',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'plain body',
  '--a',
  'Content-Type: text/html; charset=utf-8',
  '',
  '<p>html body</p>',
  '--a--',
  '--m',
  'Content-Type: application/pdf; name="x.pdf"',
  'Content-Transfer-Encoding: base64',
  '',
  'JVBERi0xLjQK',
  '--m--',
  '',
);

const PLAIN_ONLY = mail('From: a@example.com', 'Content-Type: text/plain; charset=utf-8', '', 'only plain', '');
const HTML_ONLY = mail(
  'From: a@example.com',
  'Content-Type: text/html; charset=utf-8',
  '',
  '<p>only <b>html</b></p>',
  '',
);

function nested(depth: number): Uint8Array {
  const lines = ['From: a@example.com'];
  for (let i = 0; i < depth; i++) lines.push(`Content-Type: multipart/mixed; boundary="b${i}"`, '', `--b${i}`);
  lines.push('Content-Type: text/plain', '', 'deep', '');
  return mail(...lines);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'fixtures' ? [] : sourceFiles(path);
    return /\.(ts|mts|js|mjs|cjs)$/.test(entry.name) ? [path] : [];
  });
}

describe('postal-mime internals the adapter borrows', () => {
  it("a new parser's root MimeNode has parseStructuredHeader, stripComments and setupContentDecoder, one argument each", () => {
    const { root } = new PostalMime() as unknown as Internals;
    for (const method of [root.parseStructuredHeader, root.stripComments, root.setupContentDecoder]) {
      assert.equal(typeof method, 'function');
      assert.equal((method as (value: string) => unknown).length, 1);
    }
  });

  it('parseStructuredHeader lower-cases the value, keeps the first of a repeated parameter, joins RFC 2231 parts and drops comments', () => {
    assert.deepEqual(
      parseStructuredHeader(
        'Text/Plain; Charset="UTF-8"; charset=latin1; name*0=inv; name*1="oice(1).pdf"; format=flowed (a comment)',
      ),
      { value: 'text/plain', params: { charset: 'UTF-8', format: 'flowed', name: 'invoice(1).pdf' } },
    );
    assert.deepEqual(parseStructuredHeader("attachment; filename*=utf-8''%C3%A9t%C3%A9.txt"), {
      value: 'attachment',
      params: { filename: 'été.txt' },
    });
  });

  it('stripComments, through transferEncodingOf, drops a comment and leaves the first token of the encoding', () => {
    assert.equal(transferEncodingOf(' Base64 (really) '), 'base64');
    assert.equal(transferEncodingOf('(old) quoted-printable'), 'quoted-printable');
    assert.equal(transferEncodingOf(''), '');
  });

  it('bodyDecoderOf picks the decoder MimeNode.setupContentDecoder picks, for every kind of encoding', () => {
    const expected = {
      Base64Decoder: 'base64',
      QPDecoder: 'quoted-printable',
      PassThroughDecoder: 'identity',
    } as const;
    for (const encoding of [
      'base64',
      'X-BASE64',
      'quoted-printable',
      'x-quoted-printable',
      '7bit',
      '8bit',
      'binary',
      'x-uuencode',
      '',
    ]) {
      const { root } = new PostalMime() as unknown as Internals;
      (root.setupContentDecoder as (encoding: string) => void).call(root, encoding);
      const name = root.contentDecoder?.constructor.name as keyof typeof expected;
      assert.ok(name in expected, `setupContentDecoder(${JSON.stringify(encoding)}) made a ${name}`);
      assert.equal(bodyDecoderOf(encoding), expected[name], `encoding ${JSON.stringify(encoding)}`);
    }
  });

  it("after a parse, the parser's root.childNodes tree has every MIME part of the message", async () => {
    const parsed = await parseWithPostalMime(MIXED, {});
    assert.ok(parsed.ok);
    assert.equal(parsed.parts, 5);
    assert.equal(parsed.email.attachments.length, 1);
  });

  it("after a parse, the parser's textMap holds each text part's plain and html entries, from which the bodies sent are told", async () => {
    const parser = new PostalMime();
    await parser.parse(MIXED);
    const { textMap } = parser as unknown as { textMap: unknown };
    assert.ok(textMap instanceof Map);
    for (const entry of textMap.values()) {
      for (const [key, items] of Object.entries(entry as object)) {
        assert.ok(key === 'plain' || key === 'html', key);
        assert.ok(Array.isArray(items));
      }
    }
    const sent = async (raw: Uint8Array) => {
      const parsed = await parseWithPostalMime(raw, {});
      assert.ok(parsed.ok);
      return [parsed.sentPlain, parsed.sentHtml];
    };
    assert.deepEqual(await sent(MIXED), [true, true]);
    assert.deepEqual(await sent(HTML_ONLY), [false, true]);
    assert.deepEqual(await sent(PLAIN_ONLY), [true, false]);
  });

  it('the errors of the nesting and header-size limits are told apart by their wording', async () => {
    const deep = await parseWithPostalMime(nested(4), { maxNestingDepth: 2 });
    assert.deepEqual(deep.ok ? null : deep.refusal, 'too_deep');
    const headers = await parseWithPostalMime(MIXED, { maxHeadersSize: 40 });
    assert.deepEqual(headers.ok ? null : headers.refusal, 'headers_too_large');
    const fine = await parseWithPostalMime(nested(2), { maxNestingDepth: 4 });
    assert.equal(fine.ok, true);
  });

  it('builds each decoded part with the global Blob and reads it once (what memory-blob.ts replaces)', async (t) => {
    const reads = new Map<Blob, number>();
    const Original = globalThis.Blob;
    class CountingBlob extends Original {
      override arrayBuffer(): Promise<ArrayBuffer> {
        reads.set(this, (reads.get(this) ?? 0) + 1);
        return super.arrayBuffer();
      }
    }
    globalThis.Blob = CountingBlob as typeof Blob;
    t.after(() => {
      globalThis.Blob = Original;
    });
    await PostalMime.parse(MIXED);
    assert.ok(reads.size >= 3, `${reads.size} blobs read`);
    assert.deepEqual(new Set(reads.values()), new Set([1]));
  });

  it('no file but the adapter and this canary imports postal-mime', () => {
    const allowed = new Set(['src/mail/postal-mime-adapter.ts', 'src/mail/postal-mime-adapter.test.ts']);
    const importers = ['src', 'test', 'bench', 'scripts', 'web']
      .flatMap((dir) => sourceFiles(join(REPO, dir)))
      .filter((path) =>
        /(from\s*|import\s*\(\s*|require\s*\(\s*)['"]postal-mime(\/[^'"]*)?['"]/.test(readFileSync(path, 'utf8')),
      )
      .map((path) => relative(REPO, path).split('\\').join('/'))
      .filter((path) => !allowed.has(path));
    assert.deepEqual(importers, []);
  });
});
