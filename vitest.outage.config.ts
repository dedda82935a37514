import { defineConfig } from 'vitest/config';

// Tests that stop and restart a real server (RabbitMQ, PostgreSQL). They run after the others, one file at a time.
export default defineConfig({
  test: {
    name: 'outage',
    include: ['**/*.outage.test.ts'],
    exclude: ['**/node_modules/**'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
