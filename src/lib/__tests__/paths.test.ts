import { describe, expect, it } from 'vitest';
import { href, stationQuery } from '../paths';

describe('href', () => {
  it('builds a route URL with its query percent-encoded', () => {
    expect(href('message.list', { stationName: 'A&B 站' })).toBe('/message/list?stationName=A%26B%20%E7%AB%99');
    expect(href('overviewStations.overviewStations', stationQuery(3, 7))).toBe('/overviewStations/overviewStations?stationId=3&serviceProviderId=7');
  });
  it('leaves out empty values, and the ? when nothing is left', () => {
    expect(href('message.list', { stationName: '' })).toBe('/message/list');
    expect(href('homepage.index', { customerId: undefined })).toBe('/homepage/index');
    expect(href('homepage.index', { customerId: 0 })).toBe('/homepage/index?customerId=0');
  });
  it('keeps the spec spelling in the URL', () => {
    expect(href('dquipmentMonitoring.dquipmentMonitoring')).toBe('/dquipmentMonitoring/dquipmentMonitoring');
  });
});
