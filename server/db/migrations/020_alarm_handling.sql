-- Alarm handling (docs/alarms.md, "Alarm handling"): acknowledgement, assignment, shelved and
-- in-maintenance marks on the alarm; its timeline; rule shelves; station maintenance windows.
-- Account references survive the account's deletion as a name snapshot (accountability).

ALTER TABLE alarms
  ADD COLUMN acked_by       int REFERENCES accounts(id) ON DELETE SET NULL,
  ADD COLUMN acked_by_name  text,
  ADD COLUMN acked_at       timestamptz,
  ADD COLUMN ack_note       text,
  ADD COLUMN assignee_id    int REFERENCES accounts(id) ON DELETE SET NULL,
  ADD COLUMN shelved        boolean NOT NULL DEFAULT false,
  ADD COLUMN in_maintenance boolean NOT NULL DEFAULT false;

-- "assigned to me" lists
CREATE INDEX alarms_assignee ON alarms (assignee_id, happen_time DESC) WHERE assignee_id IS NOT NULL;

-- Handling events of an alarm (acked, assigned, unassigned, commented). Raised, recovered and
-- resolved come from the alarm row itself. The id is also the cursor of the change catch-up.
CREATE TABLE alarm_events (
  id             bigserial PRIMARY KEY,
  alarm_id       bigint NOT NULL REFERENCES alarms(id) ON DELETE CASCADE,
  provider_id    int NOT NULL REFERENCES orgs(id),
  at             timestamptz NOT NULL,
  event          text NOT NULL,
  by_id          int REFERENCES accounts(id) ON DELETE SET NULL,
  by_name        text NOT NULL,
  text           text,
  assignee_id    int REFERENCES accounts(id) ON DELETE SET NULL,
  assignee_name  text
);
CREATE INDEX alarm_events_alarm ON alarm_events (alarm_id, id);
CREATE INDEX alarm_events_provider ON alarm_events (provider_id, id);

-- A rule shelved on a station (device_id null: every device) until a time; ending early moves `until`.
CREATE TABLE alarm_shelves (
  id               bigserial PRIMARY KEY,
  provider_id      int NOT NULL REFERENCES orgs(id),
  station_id       int NOT NULL REFERENCES stations(id),
  device_id        int REFERENCES devices(id) ON DELETE CASCADE,
  rule_code        text NOT NULL,
  reason           text NOT NULL,
  created_by       int REFERENCES accounts(id) ON DELETE SET NULL,
  created_by_name  text NOT NULL,
  created_at       timestamptz NOT NULL,
  until            timestamptz NOT NULL
);
CREATE INDEX alarm_shelves_station ON alarm_shelves (station_id, rule_code, until);

-- Maintenance windows of a station over [start_at, end_at); device_ids empty: the whole station.
CREATE TABLE maintenance_windows (
  id               bigserial PRIMARY KEY,
  provider_id      int NOT NULL REFERENCES orgs(id),
  station_id       int NOT NULL REFERENCES stations(id),
  start_at         timestamptz NOT NULL,
  end_at           timestamptz NOT NULL,
  reason           text NOT NULL,
  device_ids       int[] NOT NULL DEFAULT '{}',
  created_by       int REFERENCES accounts(id) ON DELETE SET NULL,
  created_by_name  text NOT NULL,
  created_at       timestamptz NOT NULL,
  ended_by_name    text,
  CHECK (end_at >= start_at)
);
CREATE INDEX maintenance_windows_station ON maintenance_windows (station_id, end_at);
CREATE INDEX maintenance_windows_provider ON maintenance_windows (provider_id, end_at);

-- Databases seeded before these keys existed: the built-in administrator roles hold every key.
-- The read-only operator role stays read-only; an administrator may grant it alarm.ack.
UPDATE roles SET permissions = permissions || ARRAY['alarm.ack', 'alarm.assign', 'alarm.shelve', 'station.maintenance']
WHERE builtin AND NOT ('alarm.ack' = ANY(permissions));
