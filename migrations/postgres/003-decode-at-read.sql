-- D29: a mail is saved with its raw source and the summary of its structural scan; decoding it (bodies,
-- headers, attachments) happens at its first read, and is kept. Mails saved before this migration were
-- decoded on arrival (decoded = true); a new mail is saved with decoded = false, headers '[]' and no bodies.
ALTER TABLE mails ADD COLUMN decoded boolean NOT NULL DEFAULT true;
-- An attachment is the range [range_start, range_end) of its mail's raw source, decoded with `decoder`
-- when downloaded (content is then empty), or, where decoder is NULL, its decoded bytes in content.
ALTER TABLE attachments ADD COLUMN decoder text CHECK (decoder IN ('base64', 'quoted-printable', 'identity'));
ALTER TABLE attachments ADD COLUMN range_start integer;
ALTER TABLE attachments ADD COLUMN range_end integer;
