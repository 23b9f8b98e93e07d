-- Telemetry (docs/fleet.md). Values of a device sample are a real[] in the order of
-- protocol/fleet.ts POINTS[type]; device_id < 0 is a station's own series (-station id,
-- STATION_POINTS order). No foreign keys: ingest must never fail on a deleted device.

-- Raw samples at full rate (every gateway cycle), kept TELEMETRY_RAW_DAYS.
CREATE TABLE telemetry_raw (
  device_id  int NOT NULL,
  ts         timestamptz NOT NULL,
  v          real[] NOT NULL,
  PRIMARY KEY (device_id, ts)
);

-- Rollups maintained incrementally by ingest: res = 60 (1 min), 900 (15 min), 86400 (1 day, UTC).
-- s = [min × P, max × P, avg × P] for the P points of the device type; n = samples folded in.
CREATE TABLE telemetry_rollup (
  device_id  int NOT NULL,
  res        int NOT NULL,
  bucket     timestamptz NOT NULL,
  n          int NOT NULL,
  s          real[] NOT NULL,
  PRIMARY KEY (device_id, res, bucket)
);

-- Energy per station and 15-minute interval (UTC-aligned, so every real zone's local day is a
-- whole number of intervals), from the devices' cumulative counters. kWh, fuel in litres; soc
-- is the station SOC (%) at the end of the interval.
CREATE TABLE station_energy (
  station_id   int NOT NULL,
  bucket       timestamptz NOT NULL,
  pv           double precision NOT NULL DEFAULT 0,
  charge       double precision NOT NULL DEFAULT 0,
  discharge    double precision NOT NULL DEFAULT 0,
  load         double precision NOT NULL DEFAULT 0,
  grid_import  double precision NOT NULL DEFAULT 0,
  grid_export  double precision NOT NULL DEFAULT 0,
  generator    double precision NOT NULL DEFAULT 0,
  fuel         double precision NOT NULL DEFAULT 0,
  pile         double precision NOT NULL DEFAULT 0,
  losses       double precision NOT NULL DEFAULT 0,
  soc          real,
  -- charging sessions started in the interval (homepage "sessions today")
  sessions     int NOT NULL DEFAULT 0,
  PRIMARY KEY (station_id, bucket)
);
