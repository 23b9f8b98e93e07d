-- Nonces of signed requests seen within the replay window, shared by every server replica so a
-- request replayed to another replica is refused too. UNLOGGED: each request writes a row and
-- must not wait for the WAL; after a database crash the table starts empty, which reopens the
-- window only for requests signed before the crash (their timestamps expire within minutes).
CREATE UNLOGGED TABLE IF NOT EXISTS request_nonces (
  access_key_id text NOT NULL,
  nonce         text NOT NULL,
  seen_at       timestamptz NOT NULL,
  PRIMARY KEY (access_key_id, nonce)
);
CREATE INDEX IF NOT EXISTS request_nonces_seen ON request_nonces (seen_at);
