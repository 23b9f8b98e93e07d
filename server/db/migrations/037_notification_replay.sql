-- Dead-letter replay (docs/notifications.md, "Replaying dead deliveries"): an administrator puts a
-- dead delivery back to pending; the attempt log records it as a `replayed` entry naming who did it.

ALTER TABLE notification_attempts DROP CONSTRAINT notification_attempts_outcome_check;
ALTER TABLE notification_attempts ADD CONSTRAINT notification_attempts_outcome_check
  CHECK (outcome IN ('sent', 'failed', 'suppressed', 'interrupted', 'replayed'));
ALTER TABLE notification_attempts ADD COLUMN actor text;
