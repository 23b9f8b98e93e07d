-- Scheduled reports: a report e-mailed (XLSX and PDF attached) after every full week or month.
-- A delivery row is written before the mail is built: its UNIQUE(schedule_id, period_key) is the
-- lock, so with several server processes on one database a period is sent exactly once.
CREATE TABLE report_schedules (
  id           bigserial PRIMARY KEY,
  org_id       int NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  report       text NOT NULL CHECK (report IN ('platform', 'service', 'site')),
  scope_org_id int REFERENCES orgs(id) ON DELETE CASCADE,
  station_id   int REFERENCES stations(id) ON DELETE CASCADE,
  items        text[] NOT NULL,
  granularity  text NOT NULL CHECK (granularity IN ('day', 'month', 'year')),
  cadence      text NOT NULL CHECK (cadence IN ('weekly', 'monthly')),
  recipients   text[] NOT NULL,
  locale       text NOT NULL DEFAULT 'en_GB',
  created_by   int NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL,
  enabled      boolean NOT NULL DEFAULT true
);
CREATE INDEX report_schedules_org ON report_schedules(org_id);

CREATE TABLE report_deliveries (
  schedule_id  bigint NOT NULL REFERENCES report_schedules(id) ON DELETE CASCADE,
  period_key   text NOT NULL,
  status       text NOT NULL CHECK (status IN ('sending', 'sent', 'failed')),
  error        text,
  claimed_at   timestamptz NOT NULL,
  sent_at      timestamptz,
  UNIQUE (schedule_id, period_key)
);
