import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildPin } from './scripts/transparency-pin.js';
import { prerender } from './web/prerender-plugin.js';

/**
 * Vite builds the React app in web/ into dist/web; Fastify serves it (server/app.ts). The public
 * pages are prerendered to dist/web/prerendered/ after each build (web/prerender-plugin.ts). The
 * transparency key and witnesses the browser trusts are fixed into the bundle here
 * (scripts/transparency-pin.ts).
 */
export default defineConfig({
  root: 'web',
  plugins: [react(), prerender()],
  define: { __TRANSPARENCY_PIN__: JSON.stringify(buildPin()) },
  resolve: { alias: { '@common': fileURLToPath(new URL('./common', import.meta.url)) } },
  build: { outDir: '../dist/web', emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
