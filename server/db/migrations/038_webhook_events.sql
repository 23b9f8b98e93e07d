-- Webhooks carry dispatch results and finished reports beside alarms (docs/notifications.md,
-- "Webhooks"). A webhook rule names the event types it wants (`events`, alarms only by default, so
-- existing rules are unchanged). The change and its event commit together: a trigger on each
-- record writes a row of notification_events (`ref` names the record, no alarm) when
--   a strategy issuance or a mode switch leaves pending (1 success, 2 failed) → 'dispatch';
--   an export job reaches done, or a scheduled report's period is sent → 'report'.
-- An export job keeps what it is (report, format, period, station) for the body.

ALTER TABLE notification_rules ADD COLUMN events text[] NOT NULL DEFAULT '{alarm}';

ALTER TABLE notification_events ALTER COLUMN alarm_id DROP NOT NULL;
ALTER TABLE notification_events ADD COLUMN ref text;
ALTER TABLE notification_events DROP CONSTRAINT notification_events_kind_check;
ALTER TABLE notification_events ADD CONSTRAINT notification_events_kind_check
  CHECK (kind IN ('raised', 'cleared', 'acked', 'dispatch', 'report'));

ALTER TABLE notification_deliveries DROP CONSTRAINT notification_deliveries_kind_check;
ALTER TABLE notification_deliveries ADD CONSTRAINT notification_deliveries_kind_check
  CHECK (kind IN ('raised', 'cleared', 'acked', 'digest', 'test', 'escalated', 'dispatch', 'report'));

ALTER TABLE export_jobs ADD COLUMN about jsonb;

-- TG_ARGV: the event kind, then the record kind; `ref` is `<record kind>:<id>`.
CREATE FUNCTION notification_record_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r jsonb := to_jsonb(NEW);
BEGIN
  INSERT INTO notification_events (kind, ref, at) VALUES (
    TG_ARGV[0],
    TG_ARGV[1] || ':' || CASE WHEN TG_ARGV[1] = 'schedule' THEN (r->>'schedule_id') || ':' || (r->>'period_key') ELSE r->>'id' END,
    now());
  RETURN NULL;
END $$;

CREATE TRIGGER strategy_distributions_notify AFTER UPDATE ON strategy_distributions
  FOR EACH ROW WHEN (OLD.status = 0 AND NEW.status IN (1, 2)) EXECUTE FUNCTION notification_record_event('dispatch', 'strategy');
CREATE TRIGGER switch_records_notify AFTER UPDATE ON switch_records
  FOR EACH ROW WHEN (OLD.status = 0 AND NEW.status IN (1, 2)) EXECUTE FUNCTION notification_record_event('dispatch', 'switch');
CREATE TRIGGER export_jobs_notify AFTER UPDATE ON export_jobs
  FOR EACH ROW WHEN (OLD.status <> 'done' AND NEW.status = 'done') EXECUTE FUNCTION notification_record_event('report', 'export');
CREATE TRIGGER report_deliveries_notify AFTER UPDATE ON report_deliveries
  FOR EACH ROW WHEN (OLD.status <> 'sent' AND NEW.status = 'sent') EXECUTE FUNCTION notification_record_event('report', 'schedule');
