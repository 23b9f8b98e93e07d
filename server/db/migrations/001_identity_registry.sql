-- Organisations: 1 = root platform, 2 = service provider, 3 = customer (a provider's client).
CREATE TABLE orgs (
  id          serial PRIMARY KEY,
  parent_id   int REFERENCES orgs(id),
  org_type    smallint NOT NULL CHECK (org_type IN (1, 2, 3)),
  name        text NOT NULL,
  address     text,
  logo_url    text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orgs_parent ON orgs(parent_id);

CREATE TABLE roles (
  id           serial PRIMARY KEY,
  org_id       int NOT NULL REFERENCES orgs(id),
  name         text NOT NULL,
  permissions  text[] NOT NULL DEFAULT '{}',
  notes        text,
  builtin      boolean NOT NULL DEFAULT false,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, name)
);

-- data_scope: 'org' = every station under the account's org; 'stations' = only scope_station_ids.
CREATE TABLE accounts (
  id                 serial PRIMARY KEY,
  org_id             int NOT NULL REFERENCES orgs(id),
  role_id            int NOT NULL REFERENCES roles(id),
  account            text NOT NULL UNIQUE,
  contact            text NOT NULL DEFAULT '',
  mobile             text UNIQUE,
  email              text UNIQUE,
  password_hash      text NOT NULL,
  status             smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  data_scope         text NOT NULL DEFAULT 'org' CHECK (data_scope IN ('org', 'stations')),
  scope_station_ids  int[] NOT NULL DEFAULT '{}',
  notes              text NOT NULL DEFAULT '',
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX accounts_org ON accounts(org_id);

-- Only a SHA-256 of the token is stored; the token itself exists only at the client.
CREATE TABLE sessions (
  token_hash    text PRIMARY KEY,
  account_id    int NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  created_at    timestamptz NOT NULL,
  last_seen_at  timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  revoked_at    timestamptz
);
CREATE INDEX sessions_account ON sessions(account_id);

CREATE TABLE verification_codes (
  id          serial PRIMARY KEY,
  channel     text NOT NULL CHECK (channel IN ('sms', 'email')),
  target      text NOT NULL,
  purpose     text NOT NULL CHECK (purpose IN ('login', 'reset')),
  code_hash   text NOT NULL,
  attempts    int NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX verification_codes_target ON verification_codes(channel, target, purpose);

CREATE TABLE login_failures (
  account_key  text NOT NULL,
  at           timestamptz NOT NULL
);
CREATE INDEX login_failures_key ON login_failures(account_key, at);

-- Station registry. system_type: 1 on-grid, 2 off-grid, 3 on/off-grid switching.
-- card_type: the station-matrix card layout (SPEC §2 types 1-3).
CREATE TABLE stations (
  id                 serial PRIMARY KEY,
  provider_id        int NOT NULL REFERENCES orgs(id),
  customer_id        int NOT NULL REFERENCES orgs(id),
  name               text NOT NULL,
  address            text NOT NULL,
  region             text NOT NULL,
  country            text NOT NULL,
  timezone           text NOT NULL,
  lat                double precision NOT NULL,
  lon                double precision NOT NULL,
  system_type        smallint NOT NULL CHECK (system_type IN (1, 2, 3)),
  energy_types       text[] NOT NULL,
  site_type          text NOT NULL CHECK (site_type IN ('factory', 'commercial', 'residential')),
  voltage_level      text NOT NULL,
  operation_date     date NOT NULL,
  pv_capacity_kw     numeric(14, 3) NOT NULL DEFAULT 0,
  ess_power_kw       numeric(14, 3) NOT NULL DEFAULT 0,
  ess_capacity_kwh   numeric(14, 3) NOT NULL DEFAULT 0,
  dg_capacity_kw     numeric(14, 3) NOT NULL DEFAULT 0,
  charging_power_kw  numeric(14, 3) NOT NULL DEFAULT 0,
  card_type          smallint NOT NULL DEFAULT 1 CHECK (card_type IN (1, 2, 3)),
  picture_url        text,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stations_provider ON stations(provider_id);

CREATE TABLE devices (
  id                  serial PRIMARY KEY,
  station_id          int NOT NULL REFERENCES stations(id) ON DELETE CASCADE,
  type                text NOT NULL CHECK (type IN ('pv_inverter', 'pcs', 'battery_cluster', 'generator',
                        'charging_pile', 'load', 'gateway', 'weather_station', 'meter')),
  name                text NOT NULL,
  model               text NOT NULL DEFAULT '',
  serial_no           text NOT NULL,
  rated_power_kw      numeric(14, 3) NOT NULL DEFAULT 0,
  rated_capacity_kwh  numeric(14, 3) NOT NULL DEFAULT 0,
  params              jsonb NOT NULL DEFAULT '{}',
  UNIQUE (serial_no)
);
CREATE INDEX devices_station ON devices(station_id);
