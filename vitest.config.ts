import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/test/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
    ],
    // API tests open real databases and hash real passwords: give them room, but never time them.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
