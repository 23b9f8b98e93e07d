-- Share links of one station's month or year report (public report pages). Only the token's
-- SHA-256 is stored: the token itself is shown once, when the link is made.
CREATE TABLE report_shares (
  id          bigserial PRIMARY KEY,
  station_id  int NOT NULL REFERENCES stations(id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('month', 'year')),
  period      text NOT NULL,
  token_hash  text NOT NULL UNIQUE,
  created_by  int NOT NULL REFERENCES accounts(id),
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz,
  revoked_by  int REFERENCES accounts(id)
);
CREATE INDEX report_shares_station ON report_shares(station_id, created_at DESC);
