import {
  ZAcceptDocumentRequestSchema,
  ZCompanyDocumentSchema,
  ZDocumentAcceptanceSchema,
  ZEmptyBodySchema,
  ZIdParamsSchema,
  ZRequiredDocumentSchema,
  ZSuccessResponseSchema,
  ZUserSchema,
  ZWelcomeStatusResponseSchema,
} from '@platform/contracts';
import { authUserOf, bearerToken, type TApp, type TRouteDeps } from '@platform/service-kit';
import { z } from 'zod';
import { AUTH_ERRORS } from '../../domain/auth.errors.js';
import type { TAuthDeps } from '../../domain/deps.js';
import { acceptDocument, completeDocuments, getDocument, getRequiredDocuments } from '../../domain/documents.use-case.js';
import { getWelcomeStatus, markWelcomeVideoShown } from '../../domain/welcome.use-case.js';

const ZDocumentParamsSchema = ZIdParamsSchema(AUTH_ERRORS.documentNotFound);

/** Onboarding: the welcome video flag and the company documents every worker accepts (spec 01 sections 4 and 7). */
export function registerOnboardingRoutes(app: TApp, { deps, hooks }: TRouteDeps<TAuthDeps>): void {
  app.get('/api/user/welcome-status', { onRequest: hooks.authenticate, schema: { response: { 200: ZWelcomeStatusResponseSchema } } }, async (request) =>
    getWelcomeStatus(deps, authUserOf(request).userId),
  );

  app.post(
    '/api/user/mark-welcome-shown',
    { onRequest: hooks.authenticate, schema: { body: ZEmptyBodySchema, response: { 200: ZSuccessResponseSchema } } },
    async (request) => markWelcomeVideoShown(deps, authUserOf(request).userId),
  );

  app.get('/api/documents/required', { onRequest: hooks.authenticate, schema: { response: { 200: z.array(ZRequiredDocumentSchema) } } }, async (request) =>
    getRequiredDocuments(deps, authUserOf(request).userId),
  );

  app.get(
    '/api/documents/:id',
    { onRequest: hooks.authenticate, schema: { params: ZDocumentParamsSchema, response: { 200: ZCompanyDocumentSchema } } },
    async (request) => getDocument(deps, authUserOf(request).userId, request.params.id),
  );

  app.post(
    '/api/documents/:id/accept',
    {
      onRequest: hooks.authenticate,
      schema: { params: ZDocumentParamsSchema, body: ZAcceptDocumentRequestSchema.nullish(), response: { 200: ZDocumentAcceptanceSchema } },
    },
    async (request) =>
      acceptDocument(deps, {
        userId: authUserOf(request).userId,
        documentId: request.params.id,
        // The address the request came from (the gateway's X-Forwarded-For is trusted), never a body field.
        ipAddress: request.ip || null,
        userAgent: request.body?.userAgent ?? request.headers['user-agent'] ?? null,
      }),
  );

  app.post(
    '/api/user/documents-completed',
    { onRequest: hooks.authenticate, schema: { body: ZEmptyBodySchema, response: { 200: ZUserSchema } } },
    async (request) => completeDocuments(deps, authUserOf(request).userId, bearerToken(request)),
  );
}
