import {
  ZCreatePayoutWalletRequestSchema,
  ZIdParamsSchema,
  ZPayoutWalletListSchema,
  ZPayoutWalletSchema,
  ZNoPublicQuerySchema,
  ZPublicSettingsSchema,
} from '@platform/contracts';
import { authUserOf, type TApp, type TRouteDeps } from '@platform/service-kit';
import type { TPayoutsDeps } from '../../domain/deps.js';
import { addPayoutWallet, listPayoutWallets, removePayoutWallet } from '../../domain/payout-wallets.use-case.js';
import { getPublicSettings } from '../../domain/public-settings.use-case.js';
import { PAYOUTS_ERRORS } from '../../domain/payouts.errors.js';

const ZWalletParamsSchema = ZIdParamsSchema(PAYOUTS_ERRORS.walletNotFound);

/** /api/user/payout-wallets ('Bind Payment Method'), /api/settings/public and /api/public/payout-terms. */
export function registerWalletAndSettingsRoutes(app: TApp, { deps, hooks }: TRouteDeps<TPayoutsDeps>): void {
  app.get('/api/user/payout-wallets', { onRequest: hooks.authenticate, schema: { response: { 200: ZPayoutWalletListSchema } } }, async (request) =>
    listPayoutWallets(deps, authUserOf(request).userId),
  );

  app.post(
    '/api/user/payout-wallets',
    { onRequest: hooks.authenticate, schema: { body: ZCreatePayoutWalletRequestSchema, response: { 201: ZPayoutWalletSchema } } },
    async (request, reply) => reply.status(201).send(await addPayoutWallet(deps, authUserOf(request).userId, request.body)),
  );

  app.delete('/api/user/payout-wallets/:id', { onRequest: hooks.authenticate, schema: { params: ZWalletParamsSchema } }, async (request, reply) => {
    await removePayoutWallet(deps, authUserOf(request).userId, request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/settings/public', { onRequest: hooks.authenticate, schema: { response: { 200: ZPublicSettingsSchema } } }, async () => getPublicSettings(deps));

  // The same answer without sign-in, for the public trust page (issue 31): the fee table per currency and network and
  // the minimum withdrawal exactly as the withdraw dialog gets them (one use case).
  app.get(
    '/api/public/payout-terms',
    {
      schema: {
        summary: 'The payout terms for the public trust page: minimum withdrawal and the network fee per currency',
        description: 'No sign-in. The same use case and answer as GET /api/settings/public, which the withdraw dialog reads.',
        querystring: ZNoPublicQuerySchema,
        response: { 200: ZPublicSettingsSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=60');
      return getPublicSettings(deps);
    },
  );
}
