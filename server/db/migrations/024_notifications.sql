-- Alarm notifications (docs/notifications.md): rules per account, the alarm changes waiting to be
-- planned, the outbox of deliveries and every attempt at one.

CREATE TABLE notification_rules (
  id              bigserial PRIMARY KEY,
  account_id      int NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name            text NOT NULL,
  enabled         boolean NOT NULL DEFAULT true,
  -- empty arrays match everything
  categories      text[] NOT NULL DEFAULT '{}',
  alarm_types     text[] NOT NULL DEFAULT '{}',
  device_types    text[] NOT NULL DEFAULT '{}',
  station_ids     int[] NOT NULL DEFAULT '{}',
  channels        text[] NOT NULL,
  -- null: the account's own e-mail address
  email           text,
  webhook_url     text,
  webhook_secret  text,
  -- minutes of the day in `zone`; both null: no quiet hours
  quiet_from      smallint CHECK (quiet_from BETWEEN 0 AND 1439),
  quiet_to        smallint CHECK (quiet_to BETWEEN 0 AND 1439),
  zone            text NOT NULL DEFAULT 'UTC',
  -- null: each alarm at once; else one message per this many minutes
  digest_minutes  int CHECK (digest_minutes BETWEEN 1 AND 1440),
  locale          text NOT NULL DEFAULT 'zh_CN',
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL
);
CREATE INDEX notification_rules_account ON notification_rules (account_id);

-- Alarm changes not planned yet. Written by a trigger in the same transaction as the change, so
-- whichever code path raises, clears or acknowledges an alarm, none is missed, and a crash after
-- the commit loses nothing: the planner turns each row into deliveries, then deletes it.
CREATE TABLE notification_events (
  id        bigserial PRIMARY KEY,
  alarm_id  bigint NOT NULL,
  kind      text NOT NULL CHECK (kind IN ('raised', 'cleared', 'acked')),
  at        timestamptz NOT NULL
);

CREATE FUNCTION notification_alarm_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO notification_events (alarm_id, kind, at) VALUES (NEW.id, 'raised', NEW.happen_time);
    RETURN NULL;
  END IF;
  IF OLD.status = 1 AND NEW.status = 2 THEN
    INSERT INTO notification_events (alarm_id, kind, at) VALUES (NEW.id, 'cleared', coalesce(NEW.recovery_time, now()));
  END IF;
  IF OLD.acked_at IS NULL AND NEW.acked_at IS NOT NULL THEN
    INSERT INTO notification_events (alarm_id, kind, at) VALUES (NEW.id, 'acked', NEW.acked_at);
  END IF;
  RETURN NULL;
END $$;

-- A repeat occurrence (ON CONFLICT … DO UPDATE) changes neither status nor acknowledgement: no row.
CREATE TRIGGER alarms_notify_insert AFTER INSERT ON alarms
  FOR EACH ROW WHEN (NEW.status = 1) EXECUTE FUNCTION notification_alarm_event();
CREATE TRIGGER alarms_notify_update AFTER UPDATE ON alarms
  FOR EACH ROW WHEN ((OLD.status = 1 AND NEW.status = 2) OR (OLD.acked_at IS NULL AND NEW.acked_at IS NOT NULL))
  EXECUTE FUNCTION notification_alarm_event();

-- The outbox. One row per alarm × recipient × channel × kind (dedupe_key), so planning an event
-- twice, on one replica or two, makes no second message. `due_at` is when it may be sent; while
-- 'sending' it is the end of the claimer's lease, after which another replica may take it over.
CREATE TABLE notification_deliveries (
  id           bigserial PRIMARY KEY,
  dedupe_key   text NOT NULL UNIQUE,
  rule_id      bigint REFERENCES notification_rules(id) ON DELETE SET NULL,
  account_id   int REFERENCES accounts(id) ON DELETE SET NULL,
  recipient    text NOT NULL,
  channel      text NOT NULL CHECK (channel IN ('email', 'webhook')),
  address      text NOT NULL,
  kind         text NOT NULL CHECK (kind IN ('raised', 'cleared', 'acked', 'digest', 'test')),
  alarm_id     bigint,
  -- a digest's alarms
  alarm_ids    bigint[] NOT NULL DEFAULT '{}',
  status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'dead', 'suppressed')),
  attempts     int NOT NULL DEFAULT 0,
  due_at       timestamptz NOT NULL,
  lease_owner  text,
  last_error   text,
  detail       jsonb NOT NULL DEFAULT '{}',
  created_at   timestamptz NOT NULL,
  sent_at      timestamptz
);
CREATE INDEX notification_deliveries_due ON notification_deliveries (due_at) WHERE status IN ('pending', 'sending');
CREATE INDEX notification_deliveries_alarm ON notification_deliveries (alarm_id) WHERE alarm_id IS NOT NULL;
CREATE INDEX notification_deliveries_rule ON notification_deliveries (rule_id, channel) WHERE kind = 'digest';
CREATE INDEX notification_deliveries_created ON notification_deliveries (created_at DESC, id DESC);

-- Every attempt: sent, failed (with the reason), suppressed, or interrupted (a lease that ran out).
CREATE TABLE notification_attempts (
  id           bigserial PRIMARY KEY,
  delivery_id  bigint NOT NULL REFERENCES notification_deliveries(id) ON DELETE CASCADE,
  at           timestamptz NOT NULL,
  outcome      text NOT NULL CHECK (outcome IN ('sent', 'failed', 'suppressed', 'interrupted')),
  error        text,
  duration_ms  int,
  replica      text NOT NULL
);
CREATE INDEX notification_attempts_delivery ON notification_attempts (delivery_id, id);
