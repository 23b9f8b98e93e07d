// Pricing of metered energy: one set of functions for bills, previews, income and reports.
export * from './types';
export { priceDay, priceRange, sumBills } from './bill';
export { priceInterval, oilWindowAt } from './interval';
export { tariffOn, slotsFor } from './slots';
export { billDays, loadMetered, loadPricing, loadPricingMany, type MoneyDeps, type StationZone } from './load';
