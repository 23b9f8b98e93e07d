-- The seconds of each 15-minute interval in which a PV inverter of the station reported itself
-- curtailed (held below what the sun allowed: an island with nothing to absorb the PV). The PV
-- analytics leave such intervals out of the performance ratio (IEC 61724-1, docs/analytics.md).
-- NULL: written before the inverters' state was recorded; the analytics then infer curtailment
-- from the energy flows.
ALTER TABLE station_energy ADD COLUMN pv_limited_s real;
