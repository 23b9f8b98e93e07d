// Pricing of metered energy: one set of functions for bills, previews, income and reports.
export * from './types';
export { priceDay, priceRange, sumBills } from './bill';
export { priceInterval } from './interval';
export { billDays, loadMetered, loadPricing, loadPricingMany, type StationZone } from './load';
