-- The peak alarm of a station (docs/strategies.md, "Peak demand"): raised when the current demand
-- window's average import reaches margin % of the month's peak so far, or of a target kW when one
-- is set. A null margin: no alarm.
ALTER TABLE stations ADD COLUMN IF NOT EXISTS peak_alarm_pct smallint CHECK (peak_alarm_pct IS NULL OR peak_alarm_pct BETWEEN 50 AND 100);
ALTER TABLE stations ADD COLUMN IF NOT EXISTS peak_alarm_target_kw numeric(12,1) CHECK (peak_alarm_target_kw IS NULL OR peak_alarm_target_kw > 0);
