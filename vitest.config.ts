import { defineConfig } from 'vitest/config';

// Every test except the outage tests (vitest.outage.config.ts), which stop RabbitMQ or restart PostgreSQL and so run alone.
export default defineConfig({
  test: {
    // Two files at a time: most of a backend file's time is spent waiting on PostgreSQL, RabbitMQ and its own
    // services, so two workers on this 2-core machine take the tier from 580 s to 335 s (vitest's default is one
    // worker fewer than the cores). Each file has its own databases, vhost and key prefix, so files never meet.
    maxWorkers: 2,
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
