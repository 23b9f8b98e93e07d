// Price feeds on screen: a server issue of a feed form or a CSV import as the text at its field or
// line (tariffs:feeds.errors), and a pull's outcome in words.
import type { FieldIssue } from '../../../protocol/envelope';
import type { TKey } from '../../i18n/i18n';
import type { PriceFeed } from '../../../streams/tariffs/reads';

export const FEED_ERROR_KEY: Record<string, TKey> = {
  required: 'tariffs:feeds.errors.required',
  tooSmall: 'tariffs:feeds.errors.required',
  zoneInvalid: 'tariffs:feeds.errors.zoneInvalid',
  urlFormat: 'tariffs:feeds.errors.urlFormat',
  timeError: 'tariffs:feeds.errors.timeError',
  pullTimeWithoutUrl: 'tariffs:feeds.errors.pullTimeWithoutUrl',
  duplicateName: 'tariffs:feeds.errors.duplicateName',
  resolutionInUse: 'tariffs:feeds.errors.resolutionInUse',
  instantFormat: 'tariffs:feeds.errors.instantFormat',
  offGrid: 'tariffs:feeds.errors.offGrid',
  intervalStarted: 'tariffs:feeds.errors.intervalStarted',
  duplicateInterval: 'tariffs:feeds.errors.duplicateInterval',
  priceRequired: 'tariffs:errors.priceRequired',
  priceFormat: 'tariffs:errors.priceFormat',
  csvColumns: 'tariffs:feeds.errors.csvColumns',
  csvHeader: 'tariffs:feeds.errors.csvHeader',
  noPrices: 'tariffs:feeds.errors.noPrices',
  tooManyPrices: 'tariffs:feeds.errors.tooManyPrices',
  failed: 'tariffs:errors.failed',
};

export const feedErrorKey = (issue: string): TKey => FEED_ERROR_KEY[issue] ?? 'tariffs:errors.failed';

/** A CSV issue as a row: its line (the header is line 1), column and rule. */
export interface LineIssue {
  line: number;
  column: string;
  issue: string;
  limit?: number | string;
}
export const lineIssues = (fields: readonly FieldIssue[]): LineIssue[] =>
  fields
    .map((f) => {
      const [, n, column] = f.path.split('.');
      return { line: Number(n) || 0, column: column ?? '', issue: f.issue, ...(f.limit !== undefined ? { limit: f.limit } : {}) };
    })
    .sort((a, b) => a.line - b.line);

export const PULL_ERROR_KEY: Record<NonNullable<NonNullable<PriceFeed['lastPull']>['error']>, TKey> = {
  http: 'tariffs:feeds.pullHttp',
  network: 'tariffs:feeds.pullNetwork',
  json: 'tariffs:feeds.pullJson',
  invalid: 'tariffs:feeds.pullInvalid',
};
