// `npm run dev`: the server (restarting on change) and Vite's dev server with the API and the
// broker proxied to it. Open the address Vite prints.
import { spawn } from 'node:child_process';

const serverPort = process.env.SERVER_PORT ?? '8080';
const env = { ...process.env, PORT: serverPort, SERVER_PORT: serverPort, STATIC_DIR: '.tmp/no-static' };
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && code !== 0 && stop());
