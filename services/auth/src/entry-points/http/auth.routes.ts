import {
  ZAuthResponseSchema,
  ZEmptyBodySchema,
  ZForgotPasswordRequestSchema,
  ZLoginRequestSchema,
  ZMessageResponseSchema,
  ZRegisterRequestSchema,
  ZResetPasswordRequestSchema,
  ZSuccessResponseSchema,
  ZUserLanguageRequestSchema,
  ZUserLanguageSchema,
  ZUserSchema,
  ZValidateResetTokenRequestSchema,
  ZValidateResetTokenResponseSchema,
} from '@platform/contracts';
import { authUserOf, bearerToken, type TApp, type TRouteDeps } from '@platform/service-kit';
import { getCurrentUser } from '../../domain/current-user.use-case.js';
import type { TAuthDeps } from '../../domain/deps.js';
import { loginUser } from '../../domain/login.use-case.js';
import { logoutUser } from '../../domain/logout.use-case.js';
import { requestPasswordReset, resetPassword, validateResetToken } from '../../domain/password-reset.use-case.js';
import { registerUser } from '../../domain/register.use-case.js';
import { setLanguage } from '../../domain/user-language.use-case.js';

/** /api/auth: registration, login, the session, logout and password recovery. */
export function registerAuthRoutes(app: TApp, { deps, hooks }: TRouteDeps<TAuthDeps>): void {
  app.post(
    '/api/auth/register',
    { schema: { body: ZRegisterRequestSchema, response: { 201: ZAuthResponseSchema } } },
    async (request, reply) => reply.status(201).send(await registerUser(deps, request.body)),
  );

  app.post('/api/auth/login', { schema: { body: ZLoginRequestSchema, response: { 200: ZAuthResponseSchema } } }, async (request) =>
    loginUser(deps, request.body),
  );

  app.get('/api/auth/me', { onRequest: hooks.authenticate, schema: { response: { 200: ZUserSchema } } }, async (request) =>
    getCurrentUser(deps, authUserOf(request).userId, bearerToken(request)),
  );

  app.put(
    '/api/user/language',
    { onRequest: hooks.authenticate, schema: { body: ZUserLanguageRequestSchema, response: { 200: ZUserLanguageSchema } } },
    async (request) => setLanguage(deps, authUserOf(request).userId, request.body.language),
  );

  app.post(
    '/api/auth/logout',
    { onRequest: hooks.authenticate, schema: { body: ZEmptyBodySchema, response: { 200: ZSuccessResponseSchema } } },
    async (request) => {
      await logoutUser(deps, authUserOf(request));
      return { success: true as const };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    { schema: { body: ZForgotPasswordRequestSchema, response: { 200: ZMessageResponseSchema } } },
    async (request) => requestPasswordReset(deps, request.body.email),
  );

  app.post(
    '/api/auth/validate-reset-token',
    { schema: { body: ZValidateResetTokenRequestSchema, response: { 200: ZValidateResetTokenResponseSchema } } },
    async (request) => validateResetToken(deps, request.body.token),
  );

  app.post(
    '/api/auth/reset-password',
    { schema: { body: ZResetPasswordRequestSchema, response: { 200: ZMessageResponseSchema } } },
    async (request) => resetPassword(deps, request.body.token, request.body.newPassword),
  );
}
