import {
  ZAcceptDocumentRequestSchema,
  ZCompanyDocumentSchema,
  ZDocumentAcceptanceSchema,
  ZDocumentIdParamsSchema,
  ZEmptyBodySchema,
  ZRequiredDocumentSchema,
  ZSuccessResponseSchema,
  ZUserSchema,
  ZWelcomeStatusResponseSchema,
} from '@platform/contracts';
import { authUserOf, bearerToken, type createAuthHooks, type TApp } from '@platform/service-kit';
import { z } from 'zod';
import type { TAuthDeps } from '../../domain/deps.js';
import { acceptDocument, completeDocuments, getDocument, getRequiredDocuments } from '../../domain/documents.use-case.js';
import { getWelcomeStatus, markWelcomeVideoShown } from '../../domain/welcome.use-case.js';

type TAuthHooks = ReturnType<typeof createAuthHooks>;

/** Onboarding: the welcome video flag and the company documents every worker accepts (spec 01 sections 4 and 7). */
export function registerOnboardingRoutes(app: TApp, deps: TAuthDeps, hooks: TAuthHooks): void {
  const authenticated = { onRequest: hooks.authenticate };

  app.get('/api/user/welcome-status', { ...authenticated, schema: { response: { 200: ZWelcomeStatusResponseSchema } } }, async (request) =>
    getWelcomeStatus(deps.pool, authUserOf(request).userId),
  );

  app.post(
    '/api/user/mark-welcome-shown',
    { ...authenticated, schema: { body: ZEmptyBodySchema, response: { 200: ZSuccessResponseSchema } } },
    async (request) => markWelcomeVideoShown(deps.pool, authUserOf(request).userId),
  );

  app.get('/api/documents/required', { ...authenticated, schema: { response: { 200: z.array(ZRequiredDocumentSchema) } } }, async (request) =>
    getRequiredDocuments(deps.pool, authUserOf(request).userId),
  );

  app.get(
    '/api/documents/:id',
    { ...authenticated, schema: { params: ZDocumentIdParamsSchema, response: { 200: ZCompanyDocumentSchema } } },
    async (request) => getDocument(deps.pool, authUserOf(request).userId, request.params.id),
  );

  app.post(
    '/api/documents/:id/accept',
    {
      ...authenticated,
      schema: { params: ZDocumentIdParamsSchema, body: ZAcceptDocumentRequestSchema.nullish(), response: { 200: ZDocumentAcceptanceSchema } },
    },
    async (request) =>
      acceptDocument(deps.pool, {
        userId: authUserOf(request).userId,
        documentId: request.params.id,
        // The address the request came from (the gateway's X-Forwarded-For is trusted), never a body field.
        ipAddress: request.ip || null,
        userAgent: request.body?.userAgent ?? request.headers['user-agent'] ?? null,
      }),
  );

  app.post(
    '/api/user/documents-completed',
    { ...authenticated, schema: { body: ZEmptyBodySchema, response: { 200: ZUserSchema } } },
    async (request) => completeDocuments(deps.pool, authUserOf(request).userId, { payouts: deps.payouts, token: bearerToken(request) }),
  );
}
