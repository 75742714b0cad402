-- Mails (one per SMTP transaction), messages (one per recipient mailbox, D9) and attachments, each
-- partitioned by arrival day (RANGE on received_at, milliseconds since the epoch, UTC days). The three
-- tables share their partition bounds, so retention drops one day of all three at once; the partitions
-- themselves are made ahead of time by the store (see src/store/postgres/pg-partitions.ts).
-- Ids and mailboxes sort bytewise (COLLATE "C"), as ULIDs must for paging (D2).
CREATE TABLE mails (
  id               text COLLATE "C" NOT NULL,
  received_at      bigint NOT NULL,
  expires_at       bigint NOT NULL,
  env_from         text NOT NULL,
  from_name        text,
  subject          text,
  text_body        text,
  html_body        text,
  headers          text NOT NULL,
  attachment_count integer NOT NULL,
  raw              bytea NOT NULL,
  PRIMARY KEY (id, received_at)
) PARTITION BY RANGE (received_at);
CREATE INDEX mails_expires_at ON mails (expires_at);

CREATE TABLE messages (
  id          text COLLATE "C" NOT NULL,
  mailbox     text COLLATE "C" NOT NULL,
  mail_id     text COLLATE "C" NOT NULL,
  received_at bigint NOT NULL,
  expires_at  bigint NOT NULL,
  seen        boolean NOT NULL DEFAULT false,
  PRIMARY KEY (id, received_at)
) PARTITION BY RANGE (received_at);
CREATE INDEX messages_mailbox_id ON messages (mailbox, id);
CREATE INDEX messages_mail_id ON messages (mail_id);

CREATE TABLE attachments (
  id          text COLLATE "C" NOT NULL,
  mail_id     text COLLATE "C" NOT NULL,
  received_at bigint NOT NULL,
  position    integer NOT NULL,
  filename    text NOT NULL,
  mime        text NOT NULL,
  size        integer NOT NULL,
  content     bytea NOT NULL,
  PRIMARY KEY (id, received_at)
) PARTITION BY RANGE (received_at);
CREATE INDEX attachments_mail_id ON attachments (mail_id, position);
