-- Ids of additive writes already committed (energy slices held through a database outage):
-- a slice sent again after its answer was lost finds its claim and adds nothing.
CREATE TABLE IF NOT EXISTS write_claims (
  id text PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now()
);
