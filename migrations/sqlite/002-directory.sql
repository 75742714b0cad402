-- Accounts, API keys, connected own domains, premium reservations and monthly usage (D11–D15).
-- Keys are stored only as SHA-256 digests (hex).
CREATE TABLE accounts (
  id            TEXT PRIMARY KEY,
  plan          TEXT NOT NULL CHECK (plan IN ('free', 'premium')),
  monthly_quota INTEGER NOT NULL CHECK (monthly_quota >= 0),
  paid_through  TEXT,
  created_at    INTEGER NOT NULL
) STRICT;

CREATE TABLE api_keys (
  id         TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts (id),
  digest     TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  revoked_at INTEGER
) STRICT;
CREATE INDEX api_keys_account ON api_keys (account_id);

CREATE TABLE domains (
  domain       TEXT PRIMARY KEY,
  connected_at INTEGER NOT NULL,
  key_digest   TEXT,
  account_id   TEXT REFERENCES accounts (id),
  CHECK (key_digest IS NULL OR account_id IS NULL)
) STRICT;
CREATE INDEX domains_key_digest ON domains (key_digest) WHERE key_digest IS NOT NULL;
CREATE INDEX domains_account ON domains (account_id) WHERE account_id IS NOT NULL;

CREATE TABLE reservations (
  address     TEXT PRIMARY KEY,
  account_id  TEXT NOT NULL REFERENCES accounts (id),
  reserved_at INTEGER NOT NULL
) STRICT;

CREATE TABLE usage (
  account_id TEXT NOT NULL REFERENCES accounts (id),
  month      TEXT NOT NULL,
  messages   INTEGER NOT NULL,
  PRIMARY KEY (account_id, month)
) STRICT;
