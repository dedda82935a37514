import {
  ZCreatePayoutWalletRequestSchema,
  ZPayoutsIdParamsSchema,
  ZPayoutWalletListSchema,
  ZPayoutWalletSchema,
  ZPublicSettingsSchema,
} from '@platform/contracts';
import { authUserOf, type TApp } from '@platform/service-kit';
import { addPayoutWallet, listPayoutWallets, removePayoutWallet } from '../../domain/payout-wallets.use-case.js';
import { getPublicSettings } from '../../domain/public-settings.use-case.js';
import type { TRouteDeps } from './route-deps.js';

/** /api/user/payout-wallets ('Bind Payment Method') and /api/settings/public. */
export function registerWalletAndSettingsRoutes(app: TApp, { deps, hooks }: TRouteDeps): void {
  app.get('/api/user/payout-wallets', { onRequest: hooks.authenticate, schema: { response: { 200: ZPayoutWalletListSchema } } }, async (request) =>
    listPayoutWallets(deps, authUserOf(request).userId),
  );

  app.post(
    '/api/user/payout-wallets',
    { onRequest: hooks.authenticate, schema: { body: ZCreatePayoutWalletRequestSchema, response: { 201: ZPayoutWalletSchema } } },
    async (request, reply) => reply.status(201).send(await addPayoutWallet(deps, authUserOf(request).userId, request.body)),
  );

  app.delete('/api/user/payout-wallets/:id', { onRequest: hooks.authenticate, schema: { params: ZPayoutsIdParamsSchema } }, async (request, reply) => {
    await removePayoutWallet(deps, authUserOf(request).userId, request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/settings/public', { onRequest: hooks.authenticate, schema: { response: { 200: ZPublicSettingsSchema } } }, async () => getPublicSettings(deps));
}
