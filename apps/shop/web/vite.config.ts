import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const { version } = JSON.parse(readFileSync(here('../package.json'), 'utf8')) as { version: string };

/**
 * The PWA is built into apps/shop/dist, which the shop server serves. The service worker
 * (Workbox, generated) precaches the app shell and keeps catalogue answers and product pictures
 * for offline browsing. Nothing else of the API is cached: wallet, orders, quotes, top-ups and
 * sign-in always go to the network (docs/shop.md, "Offline").
 */
export default defineConfig({
  root: here('.'),
  define: { __APP_VERSION__: JSON.stringify(version) },
  logLevel: 'warn',
  build: { outDir: here('../dist'), emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api': 'http://127.0.0.1:3003', '/r': 'http://127.0.0.1:3003' } },
  plugins: [
    react(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      includeAssets: ['icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Storefront',
        short_name: 'Storefront',
        description: 'Shop the catalogue, pay from your wallet, follow your orders.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#f5f7f6',
        theme_color: '#0f766e',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
        navigateFallback: '/index.html',
        // /r/<code> must reach the server (it logs the referral click); the API is never the shell.
        navigateFallbackDenylist: [/^\/api\//, /^\/r\//, /^\/health$/],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // Catalogue reads only: fresh when online, the last answer when offline.
            urlPattern: ({ url, request }) =>
              request.method === 'GET' && url.origin === self.location.origin && /^\/api\/v1\/(products|categories)(\/|$)/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'catalogue',
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
              // The API down behind a working shop server (502/503) counts as offline: the last answer.
              plugins: [
                {
                  fetchDidSucceed: async ({ response }) => {
                    if (response.status >= 500) throw new Error(`catalogue answered ${response.status}`);
                    return response;
                  },
                },
              ],
            },
          },
          {
            // Product pictures are content-addressed and immutable (/media/<sha256>.<ext>).
            urlPattern: ({ url, request }) => request.destination === 'image' && url.pathname.startsWith('/media/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'product-images',
              expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 },
              cacheableResponse: { statuses: [0, 200] },
            },
          },
        ],
      },
    }),
  ],
});
