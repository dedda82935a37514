import { defineConfig } from 'vitest/config';

/**
 * Browser journeys against the whole stack (scripts/e2e.ts builds the frontend first). Two journeys at a time, each
 * worker on a stack of its own (support/global-setup.ts starts one per worker, support/stack.ts picks it): on this
 * 2-core machine a journey leaves the CPU idle about half the time (waiting on the browser, the services, the network),
 * so two workers take the tier from about 690 s to under 450 s. E2E_WORKERS=1 runs them one after another on one stack.
 * Generous time limits: each journey drives a real Chromium.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['./support/global-setup.ts'],
    // Fails a journey on any Content-Security-Policy violation (support/csp.ts).
    setupFiles: ['./support/setup.ts'],
    pool: 'forks',
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    sequence: { concurrent: false },
    // expect.poll waits as long as a locator does (20 s, support/browser.ts), not vitest's 1 s: under CI's load a
    // search's debounce, request and render alone can take longer than a second.
    expect: { poll: { timeout: 20_000, interval: 100 } },
    testTimeout: 120_000,
    hookTimeout: 180_000,
    retry: 0,
  },
});
