import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { endpointTablesOnly } from './build/endpoint-tables.ts';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** Paths the server answers with public.html; mirrored in dev so both entries behave as in production. */
const PUBLIC_PAGE = /^\/(track-order|get-new-order-details)(\/|$)/;

const publicPagesInDev = (): Plugin => ({
  name: 'eta-public-pages-dev',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && PUBLIC_PAGE.test(req.url)) req.url = '/public.html';
      next();
    });
  },
});

const apiServer = 'http://127.0.0.1:3000';

/**
 * @eta/shared is pure (constants, schemas, helpers): declaring it side-effect free lets the public
 * entry take its route constants without the zod schemas it never uses. Other modules keep their
 * own package.json `sideEffects` (undefined = default).
 *
 * A feature's index.ts (its public surface, docs/architecture/boundaries.md) only re-exports:
 * declaring it side-effect free lets a screen that takes one hook from it (the dashboard's disputes
 * tile) leave out the rest it lists (the order detail's disputes section), so the first load and
 * the chunks stay as they were before features imported each other through index.ts.
 */
const SHARED_SRC = /[\\/]packages[\\/]shared[\\/]src[\\/]/;
const FEATURE_BARREL = /[\\/]admin[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;

export default defineConfig({
  plugins: [react(), publicPagesInDev(), endpointTablesOnly()],
  // Absolute asset URLs: pages are served from nested paths such as /track-order/{ref}.
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      input: { index: here('index.html'), public: here('public.html') },
      treeshake: { moduleSideEffects: (id) => (SHARED_SRC.test(id) || FEATURE_BARREL.test(id) ? false : undefined) },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': apiServer, '/healthz': apiServer },
  },
  preview: {
    proxy: { '/api': apiServer, '/healthz': apiServer },
  },
});
