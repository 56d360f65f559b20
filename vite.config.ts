import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Vite builds the React app in web/ into dist/web; Fastify serves it (server/app.ts). */
export default defineConfig({
  root: 'web',
  plugins: [react()],
  resolve: { alias: { '@common': fileURLToPath(new URL('./common', import.meta.url)) } },
  build: { outDir: '../dist/web', emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
