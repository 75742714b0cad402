-- Accounts, API keys, connected own domains, premium reservations and monthly usage (D11–D15).
-- Keys are stored only as SHA-256 digests (hex). Small tables, not partitioned.
CREATE TABLE accounts (
  id            text COLLATE "C" PRIMARY KEY,
  plan          text NOT NULL CHECK (plan IN ('free', 'premium')),
  monthly_quota integer NOT NULL CHECK (monthly_quota >= 0),
  paid_through  text,
  created_at    bigint NOT NULL
);

CREATE TABLE api_keys (
  id         text COLLATE "C" PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL REFERENCES accounts (id),
  digest     text NOT NULL,
  created_at bigint NOT NULL,
  revoked_at bigint
);
CREATE INDEX api_keys_account ON api_keys (account_id);

CREATE TABLE domains (
  domain       text COLLATE "C" PRIMARY KEY,
  connected_at bigint NOT NULL,
  key_digest   text,
  account_id   text COLLATE "C" REFERENCES accounts (id),
  CHECK (key_digest IS NULL OR account_id IS NULL)
);
CREATE INDEX domains_key_digest ON domains (key_digest) WHERE key_digest IS NOT NULL;
CREATE INDEX domains_account ON domains (account_id) WHERE account_id IS NOT NULL;

CREATE TABLE reservations (
  address     text COLLATE "C" PRIMARY KEY,
  account_id  text COLLATE "C" NOT NULL REFERENCES accounts (id),
  reserved_at bigint NOT NULL
);

CREATE TABLE usage (
  account_id text COLLATE "C" NOT NULL REFERENCES accounts (id),
  month      text NOT NULL,
  messages   bigint NOT NULL,
  PRIMARY KEY (account_id, month)
);
