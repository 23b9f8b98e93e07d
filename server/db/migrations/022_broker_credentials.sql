-- Broker logins the server issued when MQTT_ACCESS=http (an EMQX cluster asks the server's HTTP
-- hooks at each CONNECT, SUBSCRIBE and PUBLISH; docs/deploy.md). Every replica answers the hooks
-- from here, so a login issued by one replica is known to all and a revocation by one holds for
-- all. Only hashes are kept: a console's password is its session token, a gateway's is derived
-- from GATEWAY_SECRET.
CREATE TABLE IF NOT EXISTS broker_credentials (
  username      text PRIMARY KEY,
  password_hash text NOT NULL,            -- sha256 hex of the password
  token_hash    text,                     -- console login: its session (sessions.token_hash)
  station_id    int,                      -- gateway login: its station
  grants        jsonb NOT NULL DEFAULT '[]', -- console login: topic filters granted when issued
  expires_at    timestamptz,              -- console login: the session's absolute expiry
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS broker_credentials_token ON broker_credentials (token_hash);
