-- API tokens for integrations (docs/integrations.md): only the SHA-256 of the secret is kept,
-- with its first characters so a holder can tell tokens apart. Permissions and data scope are
-- the token's own ceiling; the creator's current ones still bound it on every use.
CREATE TABLE api_tokens (
  id                 serial PRIMARY KEY,
  account_id         int NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name               text NOT NULL,
  kind               text NOT NULL CHECK (kind IN ('personal', 'service')),
  token_hash         text NOT NULL UNIQUE,
  hint               text NOT NULL,
  permissions        text[] NOT NULL,
  data_scope         text NOT NULL CHECK (data_scope IN ('org', 'stations')),
  scope_station_ids  int[] NOT NULL DEFAULT '{}',
  created_at         timestamptz NOT NULL,
  expires_at         timestamptz NOT NULL,
  revoked_at         timestamptz,
  revoked_by         int REFERENCES accounts(id) ON DELETE SET NULL,
  last_used_at       timestamptz,
  last_used_ip       text
);
CREATE INDEX api_tokens_account ON api_tokens(account_id);
