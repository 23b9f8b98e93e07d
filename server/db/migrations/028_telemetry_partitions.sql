-- Telemetry by time (docs/capacity.md): raw samples in one partition per UTC day, the 1-minute
-- rollups in one per UTC day, the 15-minute rollups in one per UTC month, the daily rollups in
-- one table. Retention drops whole partitions instead of deleting rows, and a query for a time
-- range reads only the partitions of that range. server/telemetry/partitions.ts creates the
-- partitions ahead of need; a row whose partition does not exist yet lands in the family's
-- default partition and is moved into its own when that is created.
-- Each partitioned table takes its columns and primary key from the table it replaces (LIKE), so
-- the two cannot disagree; a fresh database gets the schema this file had when it shipped.

ALTER TABLE telemetry_raw RENAME TO telemetry_raw_unpartitioned;
ALTER TABLE telemetry_raw_unpartitioned RENAME CONSTRAINT telemetry_raw_pkey TO telemetry_raw_unpartitioned_pkey;
CREATE TABLE telemetry_raw (LIKE telemetry_raw_unpartitioned INCLUDING ALL) PARTITION BY RANGE (ts);
CREATE TABLE telemetry_raw_default PARTITION OF telemetry_raw DEFAULT;
INSERT INTO telemetry_raw SELECT * FROM telemetry_raw_unpartitioned;
DROP TABLE telemetry_raw_unpartitioned;

ALTER TABLE telemetry_rollup RENAME TO telemetry_rollup_unpartitioned;
ALTER TABLE telemetry_rollup_unpartitioned RENAME CONSTRAINT telemetry_rollup_pkey TO telemetry_rollup_unpartitioned_pkey;
CREATE TABLE telemetry_rollup (LIKE telemetry_rollup_unpartitioned INCLUDING ALL) PARTITION BY LIST (res);
CREATE TABLE telemetry_rollup_r60 PARTITION OF telemetry_rollup FOR VALUES IN (60) PARTITION BY RANGE (bucket);
CREATE TABLE telemetry_rollup_r60_default PARTITION OF telemetry_rollup_r60 DEFAULT;
CREATE TABLE telemetry_rollup_r900 PARTITION OF telemetry_rollup FOR VALUES IN (900) PARTITION BY RANGE (bucket);
CREATE TABLE telemetry_rollup_r900_default PARTITION OF telemetry_rollup_r900 DEFAULT;
CREATE TABLE telemetry_rollup_r86400 PARTITION OF telemetry_rollup FOR VALUES IN (86400);
-- a resolution added later has a home until it gets its own partition
CREATE TABLE telemetry_rollup_other PARTITION OF telemetry_rollup DEFAULT;
INSERT INTO telemetry_rollup SELECT * FROM telemetry_rollup_unpartitioned;
DROP TABLE telemetry_rollup_unpartitioned;
