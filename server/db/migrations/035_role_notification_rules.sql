-- Defaults by role (docs/notifications.md, "Defaults by role"): a notification rule belongs to an
-- account or to a role. A role's rule tells every enabled account holding the role, at its own
-- e-mail, mobile and browsers (it names no address and no webhook), within its own data scope;
-- an account may mute one of its role's rules for itself.

ALTER TABLE notification_rules ALTER COLUMN account_id DROP NOT NULL;
ALTER TABLE notification_rules ADD COLUMN role_id int REFERENCES roles(id) ON DELETE CASCADE;
ALTER TABLE notification_rules ADD CONSTRAINT notification_rules_owner CHECK ((account_id IS NULL) <> (role_id IS NULL));
CREATE INDEX notification_rules_role ON notification_rules (role_id) WHERE role_id IS NOT NULL;

CREATE TABLE notification_rule_mutes (
  rule_id     bigint NOT NULL REFERENCES notification_rules(id) ON DELETE CASCADE,
  account_id  int NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (rule_id, account_id)
);
