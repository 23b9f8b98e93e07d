// Texts the server names by code. Alarm texts are translated in the console by rule code (src/features/alarms/alarmText.ts):
// every rule the server knows has a name and a content template in both languages, and the
// params the server records for it fill every placeholder, so a zh reader never gets English.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bundles, en, loadFlat as load, localesRoot as root, zh } from './catalogues';
import { ALARM_RULES } from '../server/alarms/store';
import { Rng, TEXTS } from '../server/alarms/seed-texts';
import { mulberry32 } from '../server/util/prng';
import { alarmContent, alarmRuleName } from '../src/lib/alarmText';
import { installCatalogues, NAMESPACES } from '../src/i18n/i18n';

const jsonFiles = (lng: string) =>
  readdirSync(new URL(`${lng}/`, root))
    .filter((f) => f.endsWith('.json'))
    .sort();

describe('catalogues', () => {
  it('has one file per namespace in each language', () => {
    expect(jsonFiles('en')).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
    expect(jsonFiles('zh')).toEqual(jsonFiles('en'));
  });
  for (const ns of NAMESPACES) {
    it(`${ns}: zh and en have identical keys (zh plurals only _other) and no empty values`, () => {
      const enKeys = load('en', `${ns}.json`);
      const zhKeys = load('zh', `${ns}.json`);
      const expected = Object.keys(enKeys).filter((k) => !k.endsWith('_one'));
      for (const k of Object.keys(enKeys).filter((x) => x.endsWith('_one'))) expect(enKeys, k).toHaveProperty([k.replace(/_one$/, '_other')]);
      expect(
        Object.keys(zhKeys).filter((k) => !(k in enKeys) || k.endsWith('_one')),
        'keys only in zh',
      ).toEqual([]);
      expect(
        expected.filter((k) => !(k in zhKeys)),
        'keys missing in zh',
      ).toEqual([]);
      for (const [k, v] of [...Object.entries(enKeys), ...Object.entries(zhKeys)]) expect(v.trim(), k).not.toBe('');
    });
  }
});

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort();
const device = { id: 1, stationId: 1, type: 'battery_cluster', name: 'BMS-1', params: {}, ratedPowerKw: 500 };
const texts = { en: en.alarms.texts as Record<string, string>, zh: zh.alarms.texts as Record<string, string> };

describe('alarm texts', () => {
  it('every server rule has a name and a template in zh and en, with the same placeholders', () => {
    for (const code of Object.keys(ALARM_RULES)) {
      expect((en.alarms.rules as Record<string, string>)[code], code).toBeTruthy();
      expect((zh.alarms.rules as Record<string, string>)[code], code).toBeTruthy();
      expect(placeholders(texts.zh[code] ?? ''), code).toEqual(placeholders(texts.en[code] ?? ''));
    }
  });

  it('the params recorded with each rule fill its template; zh shows no English', () => {
    installCatalogues('zh', bundles.zh);
    const r = new Rng(mulberry32(7));
    for (const [code, make] of Object.entries(TEXTS)) {
      for (let i = 0; i < 5; i++) {
        const { content, params } = make(device, r);
        const text = alarmContent({ alarmRuleCode: code, params, content, deviceName: device.name });
        expect(text, code).not.toBe(content);
        expect(text, code).not.toMatch(/\{\{|undefined|NaN/);
        expect(text.replace(/BMS|SOC|IGBT|Modbus|kΩ|kWh|kW|mV|[VA°C%h]|L[123]/g, ''), `${code}: ${text}`).not.toMatch(/[a-z]{3,}/i);
      }
    }
    expect(alarmRuleName('dgFuelLow', 'Fuel level low')).toBe('燃油液位低');
    expect(alarmRuleName('siteCustomRule', 'Custom check')).toBe('Custom check');
  });

  it('falls back to the server text when a placeholder has no value', () => {
    installCatalogues('en', bundles.en);
    expect(alarmContent({ alarmRuleCode: 'dgFuelLow', params: {}, content: 'Fuel low (site text)', deviceName: 'DG-1' })).toBe('Fuel low (site text)');
    expect(alarmContent({ alarmRuleCode: 'dgFuelLow', params: { fuelPct: 12 }, content: 'x', deviceName: 'DG-1' })).toBe('DG-1 fuel level low: 12 %');
  });
});

describe('point labels', () => {
  it('every point a device or station reports has a label in zh and en', async () => {
    const { POINTS, STATION_POINTS } = await import('../protocol/fleet');
    const names = new Set([...Object.values(POINTS).flat(), ...STATION_POINTS].map((d) => d.name));
    for (const n of names) {
      expect((en.station.points as Record<string, string>)[n], n).toBeTruthy();
      expect((zh.station.points as Record<string, string>)[n], n).toBeTruthy();
    }
  });
});

describe('live alarm texts', () => {
  it('the params of every live rule fill a zh template', async () => {
    const { CHECKS } = await import('../server/fleet/rules');
    const { POINTS } = await import('../protocol/fleet');
    installCatalogues('zh', bundles.zh);
    const frame = (type: keyof typeof POINTS, values: Record<string, number>) => POINTS[type].map((d) => values[d.name] ?? 0);
    const conds = [
      ...CHECKS.battery_cluster!(frame('battery_cluster', { soc: 4, cellTmax: 50.04, cellVmax: 3.7, cellVmin: 3.5 }), 6, null),
      ...CHECKS.battery_cluster!(frame('battery_cluster', { soc: 4, cellVmax: 3.3, cellVmin: 3.29 }), 5, null),
      ...CHECKS.generator!(frame('generator', { fuelLevelPct: 12.34, coolantC: 101 }), 12, 4),
      ...CHECKS.generator!(frame('generator', { fuelLevelPct: 80 }), 9, 8),
      ...CHECKS.meter!(frame('meter', { gridState: 1 }), null, null),
      ...CHECKS.pcs!(frame('pcs', { tempC: 66.66 }), null, null),
    ].filter((c) => c.active);
    expect(new Set(conds.map((c) => c.code)).size).toBe(11);
    for (const c of [...conds, { code: 'gatewayOffline', content: 'No data', params: { lastSeen: '2026-01-01T00:00:00Z', silentSec: 300 } }]) {
      const text = alarmContent({ alarmRuleCode: c.code, params: c.params, content: c.content, deviceName: '1#' });
      expect(text, c.code).not.toBe(c.content);
      expect(text.replace(/BMS|SOC|IGBT|[VA°C%]|mV/g, ''), `${c.code}: ${text}`).not.toMatch(/[a-z]{3,}/i);
    }
  });
});

describe('alarm search in the reader language', () => {
  it('finds the rule codes whose translated names contain the keyword', async () => {
    const { ruleCodesNamed } = await import('../src/lib/alarmText');
    installCatalogues('zh', bundles.zh);
    expect(ruleCodesNamed('过温').sort()).toEqual(['cellOverTemp', 'cellOverTempTrip', 'pcsIgbtOverTemp', 'pileConnectorOverTemp', 'pvDerating']);
    expect(ruleCodesNamed('  ')).toEqual([]);
    installCatalogues('en', bundles.en);
    expect(ruleCodesNamed('GATEWAY').sort()).toEqual(['gatewayOffline', 'gatewayRestart']);
  });
});
