-- Export jobs and their finished files, where every replica reads them: a console may start an
-- export on one replica and poll, cancel or download it through any other (docs/reports.md).
-- The replica writing a job refreshes heartbeat_at; a job whose writer stopped is failed by the
-- next reader. Finished jobs and their files are dropped on a schedule.
CREATE TABLE IF NOT EXISTS export_jobs (
  id            text PRIMARY KEY,
  account_id    int NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  status        text NOT NULL CHECK (status IN ('running', 'done', 'failed', 'cancelled')),
  rows_done     int NOT NULL DEFAULT 0,
  rows_total    int NOT NULL,
  file_name     text NOT NULL,
  mime          text NOT NULL,
  bytes         int,
  error         text,
  cancel        boolean NOT NULL DEFAULT false,
  token         text UNIQUE,
  token_expires timestamptz,
  started_at    timestamptz NOT NULL,
  heartbeat_at  timestamptz NOT NULL,
  finished_at   timestamptz
);
CREATE INDEX IF NOT EXISTS export_jobs_finished ON export_jobs (finished_at) WHERE finished_at IS NOT NULL;

CREATE TABLE IF NOT EXISTS export_files (
  job_id  text PRIMARY KEY REFERENCES export_jobs(id) ON DELETE CASCADE,
  content bytea NOT NULL
);
