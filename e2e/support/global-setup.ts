import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStack, type TStack } from '../../scripts/stack.js';
import type { TE2eStack } from './stack.js';

/**
 * Starts one whole stack per worker (services, gateway serving the built frontend, seeded admin and documents), all at
 * once, each in a namespace of its own removed afterwards: every run starts from empty databases, and journeys running
 * at the same time never share a stack (support/stack.ts gives each worker its own).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const count = project.config.maxWorkers;
  const run = Date.now().toString(36);
  const logs: string[] = [];
  const started = await Promise.allSettled(Array.from({ length: count }, (_, i) => startOne(`e2e_${run}_${i + 1}`, logs)));
  const stacks = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(stacks.map((s) => s.stop()));
    console.error(logs.join('\n'));
    throw failed.reason;
  }
  project.provide(
    'stacks',
    stacks.map((stack): TE2eStack => ({ baseUrl: stack.baseUrl, outboxDir: stack.outboxDir, databaseUrls: stack.databaseUrls, internalUrls: stack.internalUrls })),
  );
  return async () => {
    await Promise.all(stacks.map((s) => s.stop()));
  };
}

function startOne(namespace: string, logs: string[]): Promise<TStack> {
  return startStack({
    namespace,
    ephemeral: true,
    // scripts/e2e.ts builds into a folder of its own; run directly, the suite uses frontend/dist.
    ...(process.env.E2E_FRONTEND_DIST ? { frontendDist: process.env.E2E_FRONTEND_DIST } : {}),
    seed: true,
    outboxDir: mkdtempSync(join(tmpdir(), 'e2e-outbox-')),
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
      logs.push(`[${namespace}] ${line}`);
      if (logs.length > 500) logs.shift();
    },
  });
}
