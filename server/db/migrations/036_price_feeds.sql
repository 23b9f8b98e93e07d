-- Dynamic (day-ahead) interval prices (docs/tariffs.md, "Dynamic prices"). A price feed belongs to
-- a service provider; a tariff version names it in charges.dynamic.feedId, so the stations on that
-- tariff share its prices. Each price covers [start, start + resolution) and replaces the
-- time-of-use price there; an interval without a price is billed at time-of-use and flagged.
-- Prices of an interval that has started are never written (the past is never re-priced).
CREATE TABLE IF NOT EXISTS price_feeds (
  id                 serial PRIMARY KEY,
  provider_id        int NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  name               text NOT NULL,
  resolution_minutes int NOT NULL CHECK (resolution_minutes IN (15, 60)),
  -- the zone its days and its daily pull time are read in
  timezone           text NOT NULL,
  pull_url           text,
  -- 'HH:mm' in the feed's zone; null: pulled on demand only
  pull_time          text,
  -- the last pull (on demand or daily): when, what failed (null: it worked; 'http', 'network',
  -- 'json' or 'invalid'), its detail (HTTP status, the error, or the first faulty field and rule),
  -- prices stored and prices left out because their interval had begun
  last_pull_at       timestamptz,
  last_pull_error    text,
  last_pull_detail   text,
  last_pull_stored   int,
  last_pull_started  int,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider_id, name)
);

CREATE TABLE IF NOT EXISTS price_feed_prices (
  feed_id      int NOT NULL REFERENCES price_feeds(id) ON DELETE CASCADE,
  start_time   timestamptz NOT NULL,
  -- day-ahead markets do go below zero: a negative price is kept as published
  import_price numeric(12, 4) NOT NULL,
  export_price numeric(12, 4) NOT NULL,
  PRIMARY KEY (feed_id, start_time)
);

-- A tariff template carries the same charges as a version (demand, capacity, fixed, tiers, a
-- price feed), copied into the version made from it.
ALTER TABLE tariff_templates ADD COLUMN IF NOT EXISTS charges jsonb NOT NULL DEFAULT '{}'::jsonb;
