import {
  ZAdjustBalanceRequestSchema,
  ZAdjustBalanceResponseSchema,
  ZBalanceSchema,
  ZGiveUpBalanceRequestSchema,
  ZGiveUpBalanceResponseSchema,
  ZIdParamsSchema,
  ZLedgerVerificationSchema,
  ZStatementPageQuerySchema,
  ZStatementPageSchema,
  type TStatementPageQuery,
} from '@platform/contracts';
import { authUserOf, type TApp, type TRouteDeps } from '@platform/service-kit';
import type { FastifyReply } from 'fastify';
import { getOwnBalance } from '../../domain/accounts.use-case.js';
import { adjustBalance } from '../../domain/adjust-balance.use-case.js';
import type { TPayoutsDeps } from '../../domain/deps.js';
import { getStatement, getStatementPage, statementCsv, verifyLedger } from '../../domain/statement.use-case.js';
import { PAYOUTS_ERRORS } from '../../domain/payouts.errors.js';
import { giveUpBalance } from '../../domain/give-up-balance.use-case.js';
import { idempotencyKeyOf, readIdempotencyKey } from './withdrawals.routes.js';

const ZUserParamsSchema = ZIdParamsSchema(PAYOUTS_ERRORS.userNotFound);

/** A page of the user's statement as JSON, or the whole range as a CSV download when format=csv (worker's and admin's alike). */
async function sendStatementPage(deps: TPayoutsDeps, reply: FastifyReply, userId: string, query: TStatementPageQuery) {
  if (query.format === 'csv') return sendCsv(reply, await getStatement(deps, userId, query));
  return reply.send(await getStatementPage(deps, userId, query));
}

function sendCsv(reply: FastifyReply, statement: Awaited<ReturnType<typeof getStatement>>) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="statement.csv"')
    .send(statementCsv(statement));
}

/** /api/ledger (the worker's statement, verification, balance) and the admin's view and adjustment of a user's ledger. */
export function registerLedgerRoutes(app: TApp, { deps, hooks }: TRouteDeps<TPayoutsDeps>): void {
  app.get(
    '/api/ledger/statement',
    {
      onRequest: hooks.authenticate,
      schema: {
        summary: "A page of the caller's ledger statement, newest entry first (or the whole range as CSV)",
        description:
          "Keyset paging on the ledger's order (contracts paging.ts): pageSize 1-100 (default 20), cursor = the previous page's nextCursor. " +
          'from/to (YYYY-MM-DD or ISO date-time, inclusive) bound the entries; opening and closing are the balances before and at the end of the range. ' +
          'format=csv answers the whole range as a CSV download (text/csv), oldest first; a cursor is refused with it. ' +
          'An unknown parameter, a bad value or cursor: 400 naming it.',
        querystring: ZStatementPageQuerySchema,
        response: { 200: ZStatementPageSchema },
      },
    },
    async (request, reply) => sendStatementPage(deps, reply, authUserOf(request).userId, request.query),
  );

  app.get('/api/ledger/verify', { onRequest: hooks.authenticate, schema: { response: { 200: ZLedgerVerificationSchema } } }, async (request) =>
    verifyLedger(deps, authUserOf(request).userId),
  );

  app.post(
    '/api/ledger/give-up',
    {
      onRequest: hooks.authenticate,
      preValidation: readIdempotencyKey,
      schema: {
        summary: 'Give up the available balance to close the account (a balance_given_up ledger entry, audited)',
        description:
          'Idempotency-Key required. Body: amount, the available balance the worker was shown; 409 PAYOUTS.GIVE_UP_AMOUNT_CHANGED ' +
          'when it is not the available balance any more, 409 PAYOUTS.NOTHING_AVAILABLE at $0.00. Held money is not touched.',
        body: ZGiveUpBalanceRequestSchema,
        response: { 201: ZGiveUpBalanceResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await giveUpBalance(deps, authUserOf(request).userId, idempotencyKeyOf(request), request.body)),
  );

  app.get('/api/ledger/balance', { onRequest: hooks.authenticate, schema: { response: { 200: ZBalanceSchema } } }, async (request) =>
    getOwnBalance(deps, authUserOf(request).userId),
  );

  app.get(
    '/api/admin/users/:id/ledger',
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: "A page of a user's ledger statement (admin), newest entry first (or the whole range as CSV)",
        description:
          "The worker's own statement (GET /api/ledger/statement) for any user: keyset paging on the ledger's order (contracts paging.ts), " +
          "pageSize 1-100 (default 20), cursor = the previous page's nextCursor; from/to (YYYY-MM-DD or ISO date-time, inclusive). " +
          'format=csv answers the whole range as a CSV download, oldest first; a cursor is refused with it. An unknown parameter, a bad value or cursor: 400 naming it.',
        params: ZUserParamsSchema,
        querystring: ZStatementPageQuerySchema,
        response: { 200: ZStatementPageSchema },
      },
    },
    async (request, reply) => sendStatementPage(deps, reply, request.params.id, request.query),
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
