import { execFileSync } from 'node:child_process';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dynsec } from '../../server/broker/dynsec';
import { ensureGatewayClients } from '../../server/broker/external-connections';
import { gatewayPassword } from '../../server/fleet/gateway-auth';

// Gateway logins provisioned again by a replica's start must not disconnect gateways whose
// password did not change (Mosquitto drops a client whose password is set, even to the same
// value). A private Mosquitto (tests/mosquitto/start.sh); skipped where it is not installed.

const DIR = `${process.env.TMPDIR ?? '/tmp'}/ems-mosq-gwprov-${process.pid}`;
const TCP = 19_900 + (process.pid % 40) * 2;
const env = {
  ...process.env,
  MOSQ_DIR: DIR,
  MOSQ_TCP_PORT: String(TCP),
  MOSQ_WS_PORT: String(TCP + 1),
  MQTT_ADMIN_USER: 'ems-admin',
  MQTT_ADMIN_PASSWORD: 'ems-admin-secret',
};
const URL_ = `mqtt://127.0.0.1:${TCP}`;

let skipReason: string | null = null;
try {
  execFileSync('tests/mosquitto/start.sh', { env, stdio: 'pipe' });
} catch (e) {
  skipReason = `no private Mosquitto with dynamic security (${(e as { stderr?: Buffer }).stderr?.toString().trim() || String(e)})`;
  console.warn(`skipping the gateway provisioning test: ${skipReason}`);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(skipReason !== null)('gateway logins provisioned again', () => {
  let admin: MqttClient;
  let dynsec: Dynsec;
  const open: MqttClient[] = [];
  beforeAll(async () => {
    admin = await mqtt.connectAsync(URL_, { username: 'ems-admin', password: 'ems-admin-secret' });
    dynsec = new Dynsec(admin);
    await dynsec.start();
    await dynsec.run([{ command: 'createRole', rolename: 'ems-server', acls: [] }]);
  });
  afterAll(async () => {
    for (const c of open) await c.endAsync(true).catch(() => undefined);
    dynsec?.close();
    await admin?.endAsync(true).catch(() => undefined);
    if (!skipReason) execFileSync('tests/mosquitto/stop.sh', { env, stdio: 'pipe' });
  });
  const gateway = async (id: number, secret: string) => {
    const c = await mqtt.connectAsync(URL_, { username: `gw-${id}`, password: gatewayPassword(secret, id), reconnectPeriod: 0 });
    open.push(c);
    let closed = 0;
    c.on('close', () => closed++);
    return { closed: () => closed };
  };

  it('keeps connected gateways with unchanged passwords; a new secret re-provisions and the new password works', async () => {
    expect(await ensureGatewayClients(dynsec, 'ems-server', 'secret-1', [1, 2])).toEqual({ created: 2, updated: 0, kept: 0 });
    const gw1 = await gateway(1, 'secret-1');
    // a second replica starting with the same secret, and one more station
    expect(await ensureGatewayClients(dynsec, 'ems-server', 'secret-1', [1, 2, 3])).toEqual({ created: 1, updated: 0, kept: 2 });
    await sleep(500);
    expect(gw1.closed()).toBe(0);
    // the operator rotates GATEWAY_SECRET: the old login ends, the new one is accepted
    expect(await ensureGatewayClients(dynsec, 'ems-server', 'secret-2', [1, 2, 3])).toEqual({ created: 0, updated: 3, kept: 0 });
    await sleep(500);
    expect(gw1.closed()).toBe(1);
    await gateway(1, 'secret-2');
    await expect(mqtt.connectAsync(URL_, { username: 'gw-2', password: gatewayPassword('secret-1', 2), reconnectPeriod: 0 })).rejects.toThrow();
  });
});
