import type { Config } from './config';

// Setups that cannot work, refused at start with the reason (docs/deploy.md), before anything
// is opened: better a replica that does not start than one that locks gateways out or keeps a
// database of its own while the load balancer sends it half of the traffic.

export class DeploymentError extends Error {
  override name = 'DeploymentError';
}

export const checkDeployment = (c: Pick<Config, 'databaseUrl' | 'mqttUrl' | 'gatewaySecretRandom' | 'replicas'>): void => {
  const replicas = c.replicas ?? 1;
  if (!Number.isInteger(replicas) || replicas < 1) throw new DeploymentError(`REPLICAS must be a whole number of at least 1, not ${String(c.replicas)}`);
  if (replicas > 1 && !c.databaseUrl)
    throw new DeploymentError(
      `REPLICAS=${replicas}, but the database is embedded PGlite (DATABASE_URL is not set): PGlite lives inside one process and cannot be ` +
        'shared. Set the same DATABASE_URL (PostgreSQL) on every replica, or run one process with REPLICAS=1.',
    );
  if (replicas > 1 && !c.mqttUrl)
    throw new DeploymentError(
      `REPLICAS=${replicas}, but the push broker is the embedded Aedes (MQTT_URL is not set): each process would run a broker of its own and ` +
        'consoles and gateways would reach only one of them. Set the same MQTT_URL (Mosquitto with dynamic security, or EMQX) on every replica.',
    );
  if (c.mqttUrl && c.gatewaySecretRandom)
    throw new DeploymentError(
      'MQTT_URL is set but GATEWAY_SECRET is not: gateway passwords on an external broker are derived from GATEWAY_SECRET, and a random ' +
        "secret per process would reset every gateway's password on each start and lock out gateways provisioned by other replicas. " +
        "Set GATEWAY_SECRET to the same value on every replica (and in the gateways' provisioning).",
    );
};
