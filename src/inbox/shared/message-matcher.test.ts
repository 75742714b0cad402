import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { MessageRecord, MessageSummaryRecord } from '../../store/message-store.js';
import { bodyText, createMatcher, type MatchCriteria } from './message-matcher.js';

const summary: MessageSummaryRecord = {
  id: '01KAGZ3M9Q8R7T6V5W4X3Y2Z1B',
  mailbox: 'a@inboxd.test',
  from: 'noreply@shop.example',
  fromName: 'Shop Accounts',
  subject: 'Your Verification Code',
  receivedAt: 1_000_000,
  expiresAt: 2_000_000,
  seen: false,
  attachmentCount: 0,
};
const content: MessageRecord = {
  ...summary,
  text: 'Your code is 123456.\nhttps://shop.example/verify?t=abc',
  html: null,
  headers: [
    { name: 'X-Test-Run', value: ' 42 ' },
    { name: 'Subject', value: 'Your Verification Code' },
  ],
  attachments: [],
};

async function check(
  criteria: MatchCriteria,
  message: Partial<MessageSummaryRecord> = {},
  record: MessageRecord | null = content,
): Promise<{ matched: boolean; loaded: number }> {
  let loaded = 0;
  const matched = await createMatcher(criteria).matches({ ...summary, ...message }, async () => {
    loaded += 1;
    return record;
  });
  return { matched, loaded };
}
const matches = async (criteria: MatchCriteria, message?: Partial<MessageSummaryRecord>) =>
  (await check(criteria, message)).matched;

describe('message matcher (both waits)', () => {
  it('matches everything when given no criteria, without loading the content', async () => {
    assert.deepEqual(await check({}), { matched: true, loaded: 0 });
  });

  it('from: a case-insensitive substring of the envelope sender and the display name', async () => {
    assert.equal(await matches({ from: 'NOREPLY@shop' }), true);
    assert.equal(await matches({ from: 'accounts' }), true);
    assert.equal(await matches({ from: 'bank' }), false);
  });

  it('subject: a case-insensitive substring; a missing subject matches no subject criterion', async () => {
    assert.equal(await matches({ subject: 'verification' }), true);
    assert.equal(await matches({ subject: 'invoice' }), false);
    assert.equal(await matches({ subject: 'x' }, { subject: null }), false);
  });

  it('regexes: the sender or the display name, the subject, the body, case-insensitively', async () => {
    assert.equal(await matches({ fromRegex: '^noreply@' }), true);
    assert.equal(await matches({ fromRegex: '^shop accounts$' }), true);
    assert.equal(await matches({ fromRegex: '^accounts' }), false);
    assert.equal(await matches({ subjectRegex: 'verification\\s+code$' }), true);
    assert.equal(await matches({ subjectRegex: '^code' }), false);
    assert.equal(await matches({ bodyRegex: '\\b\\d{6}\\b' }), true);
    assert.equal(await matches({ bodyRegex: '\\b\\d{8}\\b' }), false);
  });

  it('body: a substring of the text, or of the HTML made text when there is no text part', async () => {
    assert.equal(await matches({ body: 'CODE IS 123456' }), true);
    assert.equal(await matches({ body: 'password' }), false);
    const htmlOnly = {
      ...content,
      text: null,
      html: '<p>Your code is <b>654321</b></p><script>var s = "hidden"</script>',
    };
    assert.equal((await check({ body: 'code is 654321' }, {}, htmlOnly)).matched, true);
    assert.equal((await check({ body: 'hidden' }, {}, htmlOnly)).matched, false);
    assert.equal(bodyText({ text: null, html: null }), '');
  });

  it('header: the name case-insensitive, the value equal after trimming; every one given must hold', async () => {
    assert.equal(await matches({ headers: [{ name: 'x-test-run', value: '42' }] }), true);
    assert.equal(await matches({ headers: [{ name: 'X-Test-Run', value: '4' }] }), false, 'equality, not a substring');
    assert.equal(
      await matches({
        headers: [
          { name: 'X-Test-Run', value: '42' },
          { name: 'Subject', value: 'Your Verification Code' },
        ],
      }),
      true,
    );
    assert.equal(
      await matches({
        headers: [
          { name: 'X-Test-Run', value: '42' },
          { name: 'X-Other', value: '1' },
        ],
      }),
      false,
    );
  });

  it('since: at or after a time; after a message id (ids are time-ordered)', async () => {
    assert.equal(await matches({ sinceTime: summary.receivedAt }), true);
    assert.equal(await matches({ sinceTime: summary.receivedAt + 1 }), false);
    assert.equal(await matches({ afterId: '01KAGZ3M9Q8R7T6V5W4X3Y2Z1A' }), true);
    assert.equal(await matches({ afterId: summary.id }), false, 'not the message itself');
  });

  it('unseenOnly leaves out messages already seen (wait_for_message without include_seen)', async () => {
    assert.equal(await matches({ unseenOnly: true }, { seen: true }), false);
    assert.equal(await matches({ unseenOnly: false }, { seen: true }), true);
  });

  it('loads the content only for body or header criteria, and only once the summary passed', async () => {
    assert.deepEqual(await check({ subject: 'invoice', body: 'code' }), { matched: false, loaded: 0 });
    assert.deepEqual(await check({ subject: 'code', body: 'code' }), { matched: true, loaded: 1 });
    assert.deepEqual(
      await check({ body: 'code' }, {}, null),
      { matched: false, loaded: 1 },
      'a message gone meanwhile does not match',
    );
  });
});
