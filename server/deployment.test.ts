import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { checkDeployment } from './deployment';

// Refused at start: setups where replicas cannot work together, with the reason.

const check = (env: Record<string, string>) => () => checkDeployment(loadConfig(env));

describe('deployment check', () => {
  it('refuses an external broker without GATEWAY_SECRET, naming the variable', () => {
    expect(check({ MQTT_URL: 'mqtt://broker:1883' })).toThrow(/GATEWAY_SECRET/);
    expect(check({ MQTT_URL: 'mqtt://broker:1883', GATEWAY_SECRET: 's' })).not.toThrow();
  });
  it('refuses replicas on embedded PGlite or the embedded broker', () => {
    expect(check({ REPLICAS: '2', MQTT_URL: 'mqtt://b', GATEWAY_SECRET: 's' })).toThrow(/PGlite.*cannot be shared/);
    expect(check({ REPLICAS: '2', DATABASE_URL: 'postgres://db/ems' })).toThrow(/embedded Aedes/);
    expect(check({ REPLICAS: 'two' })).toThrow(/REPLICAS/);
    expect(check({ REPLICAS: '3', DATABASE_URL: 'postgres://db/ems', MQTT_URL: 'mqtt://b', GATEWAY_SECRET: 's' })).not.toThrow();
  });
  it('starts embedded mode as one process', () => {
    expect(check({})).not.toThrow();
  });
});
