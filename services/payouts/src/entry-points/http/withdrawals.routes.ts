import {
  ZAdminWithdrawalPageSchema,
  ZAdminWithdrawalSchema,
  ZAdminWithdrawalsQuerySchema,
  ZCreateClosingWithdrawalRequestSchema,
  ZCreateWithdrawalRequestSchema,
  ZDecideWithdrawalRequestSchema,
  ZIdParamsSchema,
  ZMyWithdrawalsQuerySchema,
  ZWithdrawalPageSchema,
  ZWithdrawalSchema,
} from '@platform/contracts';
import { authUserOf, type TApp, type TRouteDeps } from '@platform/service-kit';
import type { FastifyRequest } from 'fastify';
import type { TPayoutsDeps } from '../../domain/deps.js';
import { PAYOUTS_ERRORS } from '../../domain/payouts.errors.js';
import { decideWithdrawal, listMyWithdrawals, listWithdrawalsForAdmin, requestClosingWithdrawal, requestWithdrawal } from '../../domain/withdrawals.use-case.js';

const ZWithdrawalParamsSchema = ZIdParamsSchema(PAYOUTS_ERRORS.withdrawalNotFound);
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The Idempotency-Key header: required, 1 to 255 visible ASCII characters (surrounding spaces dropped). */
export function parseIdempotencyKey(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') throw PAYOUTS_ERRORS.idempotencyKeyRequired();
  const key = value.trim();
  if (!IDEMPOTENCY_KEY.test(key)) throw PAYOUTS_ERRORS.idempotencyKeyInvalid();
  return key;
}

/** Each request's Idempotency-Key, read once, before its body is checked. */
const idempotencyKeys = new WeakMap<FastifyRequest, string>();

/** The preValidation hook of a route that requires an Idempotency-Key: a request without one is refused whatever its body. */
export async function readIdempotencyKey(request: FastifyRequest): Promise<void> {
  idempotencyKeys.set(request, parseIdempotencyKey(request.headers['idempotency-key']));
}

/** The key readIdempotencyKey read for this request. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const key = idempotencyKeys.get(request);
  if (key === undefined) throw new Error('the route reads no Idempotency-Key (readIdempotencyKey in its preValidation)');
  return key;
}

/** /api/withdrawals (the worker's own) and /api/admin/withdrawals (review). */
export function registerWithdrawalRoutes(app: TApp, { deps, hooks }: TRouteDeps<TPayoutsDeps>): void {
  app.post(
    '/api/withdrawals',
    {
      onRequest: hooks.authenticate,
      // Before the body is checked: a request without a key is refused whatever its body.
      preValidation: readIdempotencyKey,
      schema: { body: ZCreateWithdrawalRequestSchema, response: { 201: ZWithdrawalSchema } },
    },
    async (request, reply) => {
      // 201 the first time and for a replay of the same key and body: the answer the key got.
      return reply.status(201).send(await requestWithdrawal(deps, authUserOf(request).userId, idempotencyKeyOf(request), request.body));
    },
  );

  app.post(
    '/api/withdrawals/closing',
    {
      onRequest: hooks.authenticate,
      preValidation: readIdempotencyKey,
      schema: {
        summary: 'Withdraw the whole available balance to close the account (the minimum is waived)',
        description:
          'Idempotency-Key required. Body: currency, walletAddress. The amount is the available balance at that moment; ' +
          'the same currency, address and wallet-cooldown rules as POST /api/withdrawals apply. 409 PAYOUTS.NOTHING_AVAILABLE at $0.00.',
        body: ZCreateClosingWithdrawalRequestSchema,
        response: { 201: ZWithdrawalSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await requestClosingWithdrawal(deps, authUserOf(request).userId, idempotencyKeyOf(request), request.body)),
  );

  app.get(
    '/api/withdrawals',
    {
      onRequest: hooks.authenticate,
      schema: {
        summary: "A page of the caller's own withdrawals, newest request first",
        description:
          "Keyset paging (contracts paging.ts): pageSize 1-100 (default 20), cursor = the previous page's nextCursor. " +
          'Filter: status (pending | approved | rejected). total counts up to 10,000 (totalExact false beyond). ' +
          'An unknown parameter, a bad value or cursor: 400 naming it.',
        querystring: ZMyWithdrawalsQuerySchema,
        response: { 200: ZWithdrawalPageSchema },
      },
    },
    async (request) => listMyWithdrawals(deps, authUserOf(request).userId, request.query),
  );

  app.get(
    '/api/admin/withdrawals',
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: 'A page of the withdrawal queue or history (admin)',
        description:
          'Keyset paging (contracts paging.ts): pageSize 1-100 (default 20), cursor = the previous page\'s nextCursor. ' +
          'status=pending (default, oldest request first) | decided | approved | rejected (newest decision first). ' +
          'Filters: currency, user (part of the e-mail or name, 3+ characters), from/to (the list\'s time), minAmount/maxAmount. ' +
          'total counts up to 10,000 (totalExact false beyond). An unknown parameter, a bad value or cursor: 400 naming it.',
        querystring: ZAdminWithdrawalsQuerySchema,
        response: { 200: ZAdminWithdrawalPageSchema },
      },
    },
    async (request) => listWithdrawalsForAdmin(deps, request.query),
  );

  app.patch(
    '/api/admin/withdrawals/:id',
    { onRequest: hooks.requireAdmin, schema: { params: ZWithdrawalParamsSchema, body: ZDecideWithdrawalRequestSchema, response: { 200: ZAdminWithdrawalSchema } } },
    async (request) => decideWithdrawal(deps, authUserOf(request).userId, request.params.id, request.body),
  );
}
