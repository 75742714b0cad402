-- Mails (one per SMTP transaction), messages (one per recipient mailbox, D9) and attachments.
-- Times are milliseconds since the epoch; ids are ULIDs, so ordering by id is ordering by arrival (D2).
CREATE TABLE mails (
  id               TEXT PRIMARY KEY,
  received_at      INTEGER NOT NULL,
  expires_at       INTEGER NOT NULL,
  env_from         TEXT NOT NULL,
  from_name        TEXT,
  subject          TEXT,
  text_body        TEXT,
  html_body        TEXT,
  headers          TEXT NOT NULL,
  attachment_count INTEGER NOT NULL,
  raw              BLOB NOT NULL
) STRICT;
CREATE INDEX mails_expires_at ON mails (expires_at);

CREATE TABLE messages (
  id          TEXT PRIMARY KEY,
  mailbox     TEXT NOT NULL,
  mail_id     TEXT NOT NULL REFERENCES mails (id) ON DELETE CASCADE,
  received_at INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL,
  seen        INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX messages_mailbox_id ON messages (mailbox, id);
CREATE INDEX messages_mail_id ON messages (mail_id);

CREATE TABLE attachments (
  id       TEXT PRIMARY KEY,
  mail_id  TEXT NOT NULL REFERENCES mails (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  filename TEXT NOT NULL,
  mime     TEXT NOT NULL,
  size     INTEGER NOT NULL,
  content  BLOB NOT NULL
) STRICT;
CREATE INDEX attachments_mail_id ON attachments (mail_id, position);
