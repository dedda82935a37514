import {
  ZAdminWithdrawalListSchema,
  ZAdminWithdrawalSchema,
  ZCreateWithdrawalRequestSchema,
  ZDecideWithdrawalRequestSchema,
  ZPayoutsIdParamsSchema,
  ZWithdrawalListSchema,
  ZWithdrawalSchema,
} from '@platform/contracts';
import { authUserOf, type TApp } from '@platform/service-kit';
import {
  decideWithdrawal,
  listMyWithdrawals,
  listWithdrawalsForAdmin,
  parseIdempotencyKey,
  requestWithdrawal,
} from '../../domain/withdrawals.use-case.js';
import type { TRouteDeps } from './route-deps.js';

/** /api/withdrawals (the worker's own) and /api/admin/withdrawals (review). */
export function registerWithdrawalRoutes(app: TApp, { deps, hooks }: TRouteDeps): void {
  app.post(
    '/api/withdrawals',
    {
      onRequest: hooks.authenticate,
      // Before the body is checked: a request without a key is refused whatever its body.
      preValidation: async (request) => {
        parseIdempotencyKey(request.headers['idempotency-key']);
      },
      schema: { body: ZCreateWithdrawalRequestSchema, response: { 200: ZWithdrawalSchema, 201: ZWithdrawalSchema } },
    },
    async (request, reply) => {
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      const answer = await requestWithdrawal(deps, authUserOf(request).userId, key, request.body);
      return reply.status(answer.statusCode as 201).send(answer.body);
    },
  );

  app.get('/api/withdrawals', { onRequest: hooks.authenticate, schema: { response: { 200: ZWithdrawalListSchema } } }, async (request) =>
    listMyWithdrawals(deps, authUserOf(request).userId),
  );

  app.get('/api/admin/withdrawals', { onRequest: hooks.requireAdmin, schema: { response: { 200: ZAdminWithdrawalListSchema } } }, async () =>
    listWithdrawalsForAdmin(deps),
  );

  app.patch(
    '/api/admin/withdrawals/:id',
    { onRequest: hooks.requireAdmin, schema: { params: ZPayoutsIdParamsSchema, body: ZDecideWithdrawalRequestSchema, response: { 200: ZAdminWithdrawalSchema } } },
    async (request) => decideWithdrawal(deps, authUserOf(request).userId, request.params.id, request.body),
  );
}
