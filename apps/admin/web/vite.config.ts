import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The SPA is built into apps/admin/dist, which the portal server serves.
export default defineConfig({
  root: here('.'),
  plugins: [react()],
  logLevel: 'warn',
  build: { outDir: here('../dist'), emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api': 'http://127.0.0.1:3002', '/session': 'http://127.0.0.1:3002' } },
});
