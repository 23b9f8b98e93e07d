-- The monthly parts of a two-part tariff live on the tariff version beside its energy prices, so a
-- past month is billed by the demand, capacity and fixed charges of the version then in force and
-- is never re-priced (docs/tariffs.md). charges: {demand?: [{pricePerKw, windowMinutes,
-- periods?, ratchet?: {percent, months}}], capacityPricePerKva?, fixedMonthlyFee?}; '{}' = none.
ALTER TABLE tariffs ADD COLUMN IF NOT EXISTS charges jsonb NOT NULL DEFAULT '{}'::jsonb;

-- The station's contracted (or transformer) capacity, which a capacity charge is priced on;
-- null until someone enters it (no capacity charge is billed without it).
ALTER TABLE stations ADD COLUMN IF NOT EXISTS capacity_kva numeric(12,2) CHECK (capacity_kva IS NULL OR capacity_kva > 0);
