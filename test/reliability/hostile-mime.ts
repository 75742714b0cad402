// Hostile MIME, generated: what a sender can do to a parser and to the files it offers. Each case is a
// whole message; docs/reliability.md lists them.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sendRaw } from '../support/smtp-dialogue.js';
import type { TestApp } from '../support/test-app.js';

const CRLF = '\r\n';

function multipart(boundary: string, parts: string[]): string {
  return `${parts.map((p) => `--${boundary}${CRLF}${p}`).join(CRLF)}${CRLF}--${boundary}--${CRLF}`;
}

export const HOSTILE_FILENAMES = [
  '../../../../etc/passwd',
  '..\\..\\windows\\system32\\evil.dll',
  '/absolute/path.txt',
  'evil\r\nContent-Type: text/html\r\n\r\n<script>alert(1)</script>',
  'quote"; filename="other.exe',
  'invoice\u202Efdp.exe',
  'nul\u0000byte.txt',
  `${'long'.repeat(300)}.txt`,
  '',
  '.hidden',
  'CON',
  '%2e%2e%2fencoded.txt',
];

export function hostileFilenames(): Buffer {
  const parts = HOSTILE_FILENAMES.map(
    (name, i) =>
      `Content-Type: application/octet-stream; name="${name.replace(/"/g, '\\"')}"${CRLF}Content-Disposition: attachment; filename="${name.replace(/"/g, '\\"')}"${CRLF}` +
      `Content-ID: <${name.replace(/[<>]/g, '')}@cid>${CRLF}Content-Transfer-Encoding: base64${CRLF}${CRLF}${Buffer.from(`file ${i}`).toString('base64')}`,
  );
  return Buffer.from(
    `Subject: filenames${CRLF}MIME-Version: 1.0${CRLF}Content-Type: multipart/mixed; boundary=f${CRLF}${CRLF}${multipart('f', [`Content-Type: text/plain${CRLF}${CRLF}see attachments`, ...parts])}`,
    'binary',
  );
}

/** The cases that must be refused or stored without ever blocking the event loop for long. */
export const HOSTILE_MESSAGES: { name: string; build(): Buffer }[] = [
  {
    name: '20,000 sibling parts',
    build: () =>
      Buffer.from(
        `Subject: siblings${CRLF}MIME-Version: 1.0${CRLF}Content-Type: multipart/mixed; boundary=s${CRLF}${CRLF}${multipart(
          's',
          Array.from({ length: 20_000 }, (_, i) => `Content-Type: text/plain${CRLF}${CRLF}${i}`),
        )}`,
      ),
  },
  {
    name: 'nesting 2,000 deep',
    build: () => {
      let body = `Content-Type: text/plain${CRLF}${CRLF}bottom${CRLF}`;
      for (let depth = 2000; depth > 0; depth -= 1)
        body = `Content-Type: multipart/mixed; boundary=n${depth}${CRLF}${CRLF}${multipart(`n${depth}`, [body])}`;
      return Buffer.from(`Subject: deep${CRLF}MIME-Version: 1.0${CRLF}${body}`);
    },
  },
  {
    name: '50,000 header lines',
    build: () =>
      Buffer.from(
        `Subject: headers${CRLF}${Array.from({ length: 50_000 }, (_, i) => `X-H${i}: ${'v'.repeat(20)}`).join(CRLF)}${CRLF}${CRLF}body${CRLF}`,
      ),
  },
  {
    name: 'one 4 MiB header',
    build: () =>
      Buffer.from(`Subject: one header${CRLF}X-Huge: ${'h'.repeat(4 * 1024 * 1024)}${CRLF}${CRLF}body${CRLF}`),
  },
  {
    name: 'a 9 MiB single-line text body',
    build: () => Buffer.from(`Subject: wide${CRLF}${CRLF}${'w'.repeat(9 * 1024 * 1024)}${CRLF}`),
  },
  {
    name: 'broken encodings and charsets',
    build: () =>
      Buffer.from(
        `Subject: =?x-unknown?B?!!!notbase64?= =?utf-8?Q?broken=ZZ?=${CRLF}MIME-Version: 1.0${CRLF}Content-Type: multipart/alternative; boundary=e${CRLF}${CRLF}` +
          multipart('e', [
            `Content-Type: text/plain; charset=x-does-not-exist${CRLF}Content-Transfer-Encoding: base64${CRLF}${CRLF}@@@not base64 at all===${CRLF}`,
            `Content-Type: text/html; charset=utf-7${CRLF}Content-Transfer-Encoding: quoted-printable${CRLF}${CRLF}=ZZ=4=${CRLF}+ADw-script+AD4-${CRLF}`,
            `Content-Type: text/plain; charset=utf-8${CRLF}Content-Transfer-Encoding: x-unknown${CRLF}${CRLF}\xff\xfe\xc3\x28 invalid utf-8${CRLF}`,
          ]),
        'binary',
      ),
  },
  { name: 'hostile filenames and Content-IDs', build: hostileFilenames },
];

export interface HostileOutcome {
  /** The last reply to each message, by case name. */
  outcomes: Record<string, string>;
  /** What two API pollers were answered meanwhile, by status. */
  pollerStatuses: Record<string, number>;
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
}

/** Sends every hostile message (`rounds` times over) while two pollers list mailboxes, measuring the
 * event loop's delay in the service's process (the test app runs in this one). */
export async function runHostileMime(t: TestApp, rounds = 1): Promise<HostileOutcome> {
  const messages = HOSTILE_MESSAGES.map((m) => ({ name: m.name, bytes: m.build() }));
  const pollerStatuses: Record<string, number> = {};
  let polling = true;
  const poller = async (n: number) => {
    for (let i = 0; polling; i += 1) {
      // Two pollers move the shared clock 200 ms per pair of requests: 600 a minute, inside D17's 1,200.
      t.clock.advance(100);
      const r = await t.api(`/api/v1/mailbox?address=poll${n}-${i % 50}@inboxd.test`);
      pollerStatuses[r.status] = (pollerStatuses[r.status] ?? 0) + 1;
    }
  };
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const pollers = [poller(1), poller(2)];
  const outcomes: Record<string, string> = {};
  for (let round = 0; round < rounds; round += 1) {
    for (const [i, m] of messages.entries()) {
      const replies = await sendRaw(
        t.app.smtpPort,
        { from: 'hostile@example.org', to: [`hostile${i}@inboxd.test`] },
        m.bytes,
      );
      outcomes[m.name] = replies.at(-1) ?? '';
    }
  }
  polling = false;
  await Promise.all(pollers);
  delay.disable();
  return {
    outcomes,
    pollerStatuses,
    eventLoopP99Ms: Number((delay.percentile(99) / 1e6).toFixed(1)),
    eventLoopMaxMs: Number((delay.max / 1e6).toFixed(1)),
  };
}
