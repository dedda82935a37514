import { defineConfig } from 'vitest/config';

// Browser journeys against the whole stack (scripts/e2e.ts builds the frontend first). One stack for all files
// (globalSetup), files one after another, generous time limits: each journey drives a real Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['./support/global-setup.ts'],
    // Fails a journey on any Content-Security-Policy violation (support/csp.ts).
    setupFiles: ['./support/setup.ts'],
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 120_000,
    hookTimeout: 180_000,
    retry: 0,
  },
});
