-- A tariff belongs to one station. seasons: [{months:[1..12], slots:[{start:'HH:MM', end:'HH:MM',
-- period:'sharp'|'peak'|'flat'|'valley', fromGridPrice, feedInPrice}]}]. The one in force is the
-- latest with effective_date <= today (station time); later ones are pending, earlier ones history.
CREATE TABLE tariffs (
  id              serial PRIMARY KEY,
  station_id      int NOT NULL REFERENCES stations(id) ON DELETE CASCADE,
  name            text NOT NULL,
  currency        text NOT NULL DEFAULT 'USD',
  effective_date  date NOT NULL,
  seasons         jsonb NOT NULL,
  created_by      int REFERENCES accounts(id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (station_id, effective_date)
);

CREATE TABLE tariff_templates (
  id           serial PRIMARY KEY,
  provider_id  int NOT NULL REFERENCES orgs(id),
  name         text NOT NULL,
  seasons      jsonb NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider_id, name)
);

-- Fuel price in force over [start_time, end_time); status is derived from the clock.
CREATE TABLE oil_prices (
  id                 serial PRIMARY KEY,
  station_id         int NOT NULL REFERENCES stations(id) ON DELETE CASCADE,
  start_time         timestamptz NOT NULL,
  end_time           timestamptz NOT NULL,
  price_per_litre    numeric(12, 4) NOT NULL,
  kwh_per_litre      numeric(12, 4) NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  CHECK (end_time > start_time)
);
CREATE INDEX oil_prices_station ON oil_prices(station_id, start_time);

-- kind: 'peakShaving' | 'island'. issue_status: 0 not issued, 1 issued successfully, 2 issue failed.
CREATE TABLE strategies (
  id            serial PRIMARY KEY,
  station_id    int NOT NULL REFERENCES stations(id) ON DELETE CASCADE,
  kind          text NOT NULL CHECK (kind IN ('peakShaving', 'island')),
  name          text NOT NULL,
  start_date    date NOT NULL,
  end_date      date NOT NULL,
  params        jsonb NOT NULL,
  issue_status  smallint NOT NULL DEFAULT 0 CHECK (issue_status IN (0, 1, 2)),
  deleted_at    timestamptz,
  created_by    int REFERENCES accounts(id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (end_date >= start_date)
);
CREATE INDEX strategies_station ON strategies(station_id, kind);

-- One row per issuance of a strategy to a station gateway. status: 0 pending, 1 success, 2 failed.
CREATE TABLE strategy_distributions (
  id           serial PRIMARY KEY,
  strategy_id  int NOT NULL REFERENCES strategies(id),
  station_id   int NOT NULL REFERENCES stations(id) ON DELETE CASCADE,
  snapshot     jsonb NOT NULL,
  status       smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  reason       text,
  operator_id  int REFERENCES accounts(id),
  issued_at    timestamptz NOT NULL,
  acked_at     timestamptz
);
CREATE INDEX strategy_distributions_strategy ON strategy_distributions(strategy_id, issued_at DESC);

-- Which control mode a station runs; changed only through enable/shut-down actions.
CREATE TABLE station_modes (
  station_id             int PRIMARY KEY REFERENCES stations(id) ON DELETE CASCADE,
  peak_shaving_enabled   boolean NOT NULL DEFAULT false,
  island_enabled         boolean NOT NULL DEFAULT false,
  updated_at             timestamptz NOT NULL DEFAULT now()
);

-- SPEC §3 switch record: operation content, status 1 dispatch successful / 2 dispatch failed.
CREATE TABLE switch_records (
  id           serial PRIMARY KEY,
  station_id   int NOT NULL REFERENCES stations(id) ON DELETE CASCADE,
  at           timestamptz NOT NULL,
  operation    text NOT NULL,
  status       smallint NOT NULL CHECK (status IN (0, 1, 2)),
  operator_id  int REFERENCES accounts(id),
  reason       text
);
CREATE INDEX switch_records_station ON switch_records(station_id, at DESC);

-- Alarms. category: event|protection|alarm|fault (sound); type: fault|alert|event (label);
-- status 1 unresolved, 2 resolved. dedup_key is unique while unresolved, so a flapping
-- condition updates one row instead of raising many.
CREATE TABLE alarms (
  id             bigserial PRIMARY KEY,
  provider_id    int NOT NULL REFERENCES orgs(id),
  station_id     int NOT NULL REFERENCES stations(id) ON DELETE CASCADE,
  device_id      int REFERENCES devices(id) ON DELETE SET NULL,
  device_type    text NOT NULL,
  rule_code      text NOT NULL,
  category       text NOT NULL CHECK (category IN ('event', 'protection', 'alarm', 'fault')),
  type           text NOT NULL CHECK (type IN ('fault', 'alert', 'event')),
  status         smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
  content        text NOT NULL,
  params         jsonb NOT NULL DEFAULT '{}',
  happen_time    timestamptz NOT NULL,
  recovery_time  timestamptz,
  resolved_by    int REFERENCES accounts(id),
  dedup_key      text NOT NULL,
  occurrences    int NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX alarms_open_dedup ON alarms(dedup_key) WHERE status = 1;
CREATE INDEX alarms_provider_time ON alarms(provider_id, happen_time DESC);
CREATE INDEX alarms_station_time ON alarms(station_id, happen_time DESC);
CREATE INDEX alarms_provider_status ON alarms(provider_id, status);

-- Append-only audit trail of every write action (who, what, when, outcome).
CREATE TABLE audit_log (
  id          bigserial PRIMARY KEY,
  at          timestamptz NOT NULL DEFAULT now(),
  account_id  int,
  action      text NOT NULL,
  target      text,
  detail      jsonb NOT NULL DEFAULT '{}'
);
