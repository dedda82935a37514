import { defineJob } from '@platform/service-kit';
import { z } from 'zod';
import { verifyEveryChain } from '../../domain/chain-check.use-case.js';
import type { TPayoutsDeps } from '../../domain/deps.js';

export const CHAIN_CHECK_JOB = 'verify-every-ledger-chain';

/** payouts' scheduled job (service-kit `startJobs`, BullMQ): every account's ledger chain, every `intervalMs`. */
export function payoutsJobs(deps: TPayoutsDeps, options: { intervalMs: number; batchSize: number }) {
  return [
    defineJob({
      name: CHAIN_CHECK_JOB,
      payload: z.object({}),
      every: options.intervalMs,
      handle: async () => {
        const run = await verifyEveryChain(deps, { batchSize: options.batchSize });
        return { valid: run.valid, accounts: run.accounts, entries: run.entries, brokenAccounts: run.brokenAccounts };
      },
    }),
  ];
}
