import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './scripts/lib/precompress.ts';

// The dev server proxies the API and the MQTT-over-WebSocket broker to the platform server
// (SERVER_PORT, default 8080) so the console runs same-origin in dev exactly as in production.
const target = `http://127.0.0.1:${process.env.SERVER_PORT || 8080}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    proxy: {
      '/api': { target, changeOrigin: true },
      '/mqtt': { target, ws: true, changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Heavy libraries are only reached through dynamic import() (push chunk: mqtt + zod;
    // screens: maplibre/deck.gl, uPlot), so the login route's initial JS stays small.
    // bench/ measures it (bundle.login_kib_gz, the scripts the login route loads, gzip).
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
            // rxjs in one chunk: split per operator it came to a dozen sub-kilobyte files on the
            // login route alone, each compressed apart (131 KiB gzip in all; 122 with this group)
            { name: 'rxjs', test: /node_modules[\\/]rxjs[\\/]/, priority: 15 },
            // the console's own modules every route loads before its page (the entry's static
            // imports): one file instead of ~30 sub-kilobyte ones, each with its own headers and
            // compressed without the others' words (login route: 146.6 → see docs/deploy.md)
            { name: 'shell', tags: ['$initial'], test: /[\\/](src|streams|protocol)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
