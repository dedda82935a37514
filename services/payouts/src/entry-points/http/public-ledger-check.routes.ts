import { ZPlatformLedgerCheckSchema } from '@platform/contracts';
import type { TApp, TRouteDeps } from '@platform/service-kit';
import { getPlatformLedgerCheck } from '../../domain/chain-check.use-case.js';
import type { TPayoutsDeps } from '../../domain/deps.js';

/**
 * GET /api/public/ledger-check (no sign-in, for the trust page; issue 31 item 4): when the scheduled check of every
 * account's chain last ran and whether all checked out. Counts only. Cached for a minute.
 */
export function registerPublicLedgerCheckRoutes(app: TApp, { deps }: TRouteDeps<TPayoutsDeps>): void {
  app.get('/api/public/ledger-check', { schema: { response: { 200: ZPlatformLedgerCheckSchema } } }, async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=60');
    return getPlatformLedgerCheck(deps);
  });
}
