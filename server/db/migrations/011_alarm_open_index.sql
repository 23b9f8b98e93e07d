-- The badge counts open alarms per provider. A partial index serves that count and, unlike
-- (provider_id, status), takes no new entry when an alarm is resolved (status 1 -> 2).
DROP INDEX IF EXISTS alarms_provider_status;
CREATE INDEX alarms_provider_open ON alarms(provider_id) WHERE status = 1;
