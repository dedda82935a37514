import {
  ZAdjustBalanceRequestSchema,
  ZAdjustBalanceResponseSchema,
  ZBalanceSchema,
  ZIdParamsSchema,
  ZLedgerVerificationSchema,
  ZStatementQuerySchema,
  type TStatementQuery,
} from '@platform/contracts';
import { authUserOf, type TApp, type TRouteDeps } from '@platform/service-kit';
import type { FastifyReply } from 'fastify';
import { getOwnBalance } from '../../domain/accounts.use-case.js';
import { adjustBalance } from '../../domain/adjust-balance.use-case.js';
import type { TPayoutsDeps } from '../../domain/deps.js';
import { getStatement, statementCsv, verifyLedger } from '../../domain/statement.use-case.js';
import { PAYOUTS_ERRORS } from '../../domain/payouts.errors.js';

const ZUserParamsSchema = ZIdParamsSchema(PAYOUTS_ERRORS.userNotFound);

/** JSON, or CSV as a download when format=csv. */
async function sendStatement(deps: TPayoutsDeps, reply: FastifyReply, userId: string, query: TStatementQuery) {
  const statement = await getStatement(deps, userId, query);
  if (query.format !== 'csv') return reply.send(statement);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="statement.csv"')
    .send(statementCsv(statement));
}

/** /api/ledger (the worker's statement, verification, balance) and the admin's view and adjustment of a user's ledger. */
export function registerLedgerRoutes(app: TApp, { deps, hooks }: TRouteDeps<TPayoutsDeps>): void {
  app.get('/api/ledger/statement', { onRequest: hooks.authenticate, schema: { querystring: ZStatementQuerySchema } }, async (request, reply) =>
    sendStatement(deps, reply, authUserOf(request).userId, request.query),
  );

  app.get('/api/ledger/verify', { onRequest: hooks.authenticate, schema: { response: { 200: ZLedgerVerificationSchema } } }, async (request) =>
    verifyLedger(deps, authUserOf(request).userId),
  );

  app.get('/api/ledger/balance', { onRequest: hooks.authenticate, schema: { response: { 200: ZBalanceSchema } } }, async (request) =>
    getOwnBalance(deps, authUserOf(request).userId),
  );

  app.get(
    '/api/admin/users/:id/ledger',
    { onRequest: hooks.requireAdmin, schema: { params: ZUserParamsSchema, querystring: ZStatementQuerySchema } },
    async (request, reply) => sendStatement(deps, reply, request.params.id, request.query),
  );

  app.get(
    '/api/admin/users/:id/ledger/verify',
    { onRequest: hooks.requireAdmin, schema: { params: ZUserParamsSchema, response: { 200: ZLedgerVerificationSchema } } },
    async (request) => verifyLedger(deps, request.params.id),
  );

  app.patch(
    '/api/admin/users/:id/balance',
    { onRequest: hooks.requireAdmin, schema: { params: ZUserParamsSchema, body: ZAdjustBalanceRequestSchema, response: { 200: ZAdjustBalanceResponseSchema } } },
    async (request) => adjustBalance(deps, authUserOf(request).userId, request.params.id, request.body),
  );
}
