import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prerender } from './web/prerender-plugin.js';

/**
 * Vite builds the React app in web/ into dist/web; Fastify serves it (server/app.ts). The public
 * pages are prerendered to dist/web/prerendered/ after each build (web/prerender-plugin.ts).
 */
export default defineConfig({
  root: 'web',
  plugins: [react(), prerender()],
  resolve: { alias: { '@common': fileURLToPath(new URL('./common', import.meta.url)) } },
  build: { outDir: '../dist/web', emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
