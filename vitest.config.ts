import { defineConfig } from 'vitest/config';

// Every test except the broker-outage test (vitest.outage.config.ts), which stops RabbitMQ and so runs alone.
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
