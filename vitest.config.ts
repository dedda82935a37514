import { defineConfig } from 'vitest/config';

// Every test except the outage tests (vitest.outage.config.ts), which stop RabbitMQ or restart PostgreSQL and so run alone.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'backend',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'services/*/src/**/*.test.ts', 'services/*/test/**/*.test.ts', 'gateway/src/**/*.test.ts', 'gateway/test/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.outage.test.ts', '**/node_modules/**'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'frontend/vitest.config.ts',
    ],
  },
});
