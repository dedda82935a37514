import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStack } from '../../scripts/stack.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    outboxDir: string;
    /** Each service's database (e.g. `databaseUrls.work`), for journeys that check what the server stored. */
    databaseUrls: Record<string, string>;
    /** Each process's internal port (/health, /ready, /metrics) by name: `chat` and `chat-2` are the chat instances. */
    internalUrls: Record<string, string>;
  }
}

/** Starts the whole stack once (services, gateway serving frontend/dist, seeded admin and documents). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const outboxDir = mkdtempSync(join(tmpdir(), 'e2e-outbox-'));
  const logs: string[] = [];
  const stack = await startStack({
    // A namespace of its own each run, removed afterwards: every run starts from empty databases.
    namespace: `e2e_${Date.now().toString(36)}`,
    ephemeral: true,
    // scripts/e2e.ts builds into a folder of its own; run directly, the suite uses frontend/dist.
    ...(process.env.E2E_FRONTEND_DIST ? { frontendDist: process.env.E2E_FRONTEND_DIST } : {}),
    seed: true,
    outboxDir,
    logLevel: 'warn',
    // The journeys register and sign in many times from one address; the limits themselves are tested elsewhere.
    env: {
      RATE_LIMIT_REGISTER_PER_ADDRESS: '1000/1h',
      RATE_LIMIT_LOGIN_PER_ADDRESS: '1000/15m',
      RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_ADDRESS: '1000/15m',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000/15m',
      RATE_LIMIT_FORGOT_PASSWORD_PER_ADDRESS: '1000/1h',
      RATE_LIMIT_RESET_PASSWORD_PER_ADDRESS: '1000/1h',
      // Every browser's chat socket comes from the same address (the gateway's /ws limits are tested in gateway/test).
      WS_MAX_SOCKETS_PER_ADDRESS: '1000',
      WS_MAX_PENDING_PER_ADDRESS: '1000',
      RATE_LIMIT_WS_UPGRADE_PER_ADDRESS: '10000/1m',
    },
    onLog: (line) => {
      logs.push(line);
      if (logs.length > 500) logs.shift();
    },
  }).catch((error: unknown) => {
    console.error(logs.join('\n'));
    throw error;
  });
  project.provide('baseUrl', stack.baseUrl);
  project.provide('outboxDir', stack.outboxDir);
  project.provide('databaseUrls', stack.databaseUrls);
  project.provide('internalUrls', stack.internalUrls);
  return async () => {
    await stack.stop();
  };
}
