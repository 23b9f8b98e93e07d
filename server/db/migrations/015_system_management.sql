-- Audit rows name the organisation of the account that acted, so a tenant reads only its own
-- organisations' entries (rows of unknown accounts, e.g. a failed sign-in with a made-up name,
-- stay with the platform), and an outcome, so a refusal worth recording sits beside successes.
ALTER TABLE audit_log ADD COLUMN org_id int;
ALTER TABLE audit_log ADD COLUMN outcome text NOT NULL DEFAULT 'ok';
UPDATE audit_log l SET org_id = a.org_id FROM accounts a WHERE a.id = l.account_id;
CREATE INDEX audit_log_time ON audit_log(at DESC, id DESC);
CREATE INDEX audit_log_org_time ON audit_log(org_id, at DESC, id DESC);
CREATE INDEX audit_log_account_time ON audit_log(account_id, at DESC);
CREATE INDEX audit_log_target_time ON audit_log(target, at DESC);

-- A role may require its holders to sign in with a second factor.
ALTER TABLE roles ADD COLUMN requires_two_factor boolean NOT NULL DEFAULT false;

-- What the account detail shows about a session: the device the console reported and the address.
ALTER TABLE sessions ADD COLUMN device text;
ALTER TABLE sessions ADD COLUMN ip text;

-- TOTP (RFC 6238). The secret must be readable to check a code, unlike a password. confirmed_at is
-- null while enrolling; last_time_step makes each code good once.
CREATE TABLE two_factor (
  account_id      int PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  secret          text NOT NULL,
  confirmed_at    timestamptz,
  last_time_step  bigint NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL
);

-- Single-use recovery codes, only their SHA-256 stored (random 40-bit codes: no slow hash needed
-- behind the sign-in throttle).
CREATE TABLE two_factor_recovery_codes (
  account_id  int NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  code_hash   text NOT NULL,
  used_at     timestamptz,
  PRIMARY KEY (account_id, code_hash)
);

-- Between the first factor and the second: a short-lived token (only its SHA-256 stored) that
-- verifyTwoFactor turns into a session. throttle_key is the first factor's throttling key, so
-- wrong codes count against the same budget as wrong passwords.
CREATE TABLE sign_in_challenges (
  token_hash    text PRIMARY KEY,
  account_id    int NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  throttle_key  text NOT NULL,
  method        text NOT NULL CHECK (method IN ('password', 'phone')),
  device        text,
  created_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz
);
CREATE INDEX sign_in_challenges_account ON sign_in_challenges(account_id);

-- Read state of alarm messages per account: every alarm with id <= read_up_to_id, plus single reads.
CREATE TABLE message_read_marks (
  account_id     int PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  read_up_to_id  bigint NOT NULL,
  at             timestamptz NOT NULL
);
CREATE TABLE message_reads (
  account_id  int NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  alarm_id    bigint NOT NULL REFERENCES alarms(id) ON DELETE CASCADE,
  read_at     timestamptz NOT NULL,
  PRIMARY KEY (account_id, alarm_id)
);

-- Administrator roles of an existing database gain the audit log screen.
UPDATE roles SET permissions = array_append(permissions, 'system.audit')
  WHERE builtin AND 'system.role.edit' = ANY(permissions) AND NOT ('system.audit' = ANY(permissions));
