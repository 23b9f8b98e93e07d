import { buildApp } from './app';
import { loadConfig } from './config';
import { DeploymentError } from './deployment';

// Starts the whole product: API, push broker, simulated fleet and the built console, one port.
const config = loadConfig();
const { app, services } = await buildApp({ config }).catch((e: unknown) => {
  // a setup that cannot work (docs/deploy.md): the reason, not a stack trace
  if (!(e instanceof DeploymentError)) throw e;
  console.error(`\n  The server cannot start: ${e.message}\n`);
  process.exit(1);
});

const close = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void close('SIGINT'));
process.on('SIGTERM', () => void close('SIGTERM'));

await app.listen({ host: config.host, port: config.port });
const shown = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
const lines = [
  '',
  `  EMS Cloud console:  http://${shown}:${config.port}/`,
  `  database:           ${services.db.kind}${services.db.kind === 'pglite' ? ` (${config.pgliteDir || 'in memory'})` : ''}`,
  `  push broker:        ${services.broker.kind === 'aedes' ? `embedded, ws://${shown}:${config.port}/mqtt` : config.mqttUrl}`,
  '',
  '  Demo logins (account / password):',
  '    admin     / Admin@2026      platform administrator (all service providers)',
  '    sunrise   / Sunrise@2026    service-provider administrator (also pearlriver / Pearl@2026, equator / Equator@2026)',
  '    operator  / Operator@2026   read-only site operator (3 stations)',
  '',
];
console.log(lines.join('\n'));
