-- The currency a service provider's money is kept and shown in (ISO 4217 code). Every money
-- figure of the provider's stations (tariff prices, income, savings, bills, reports) is in it;
-- changing it relabels, never converts (docs/tariffs.md). Customers and the platform org carry
-- the default and never use it: money belongs to a provider.
ALTER TABLE orgs ADD COLUMN IF NOT EXISTS currency text NOT NULL DEFAULT 'USD' CHECK (currency ~ '^[A-Z]{3}$');
