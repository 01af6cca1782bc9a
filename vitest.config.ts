import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // API tests open real databases and hash real passwords: give them room, but never time them.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/server/test/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
          ],
        },
      },
      {
        // The web's component tests render real screens into a DOM (Testing Library on jsdom).
        extends: true,
        test: { name: 'dom', environment: 'jsdom', include: ['apps/web/src/**/*.test.tsx'] },
      },
    ],
  },
});
