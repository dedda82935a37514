import { ZIdParamsSchema, ZInternalUserProfileSchema } from '@platform/contracts';
import { authUserOf, type TApp, type TRouteDeps } from '@platform/service-kit';
import { AUTH_ERRORS } from '../../domain/auth.errors.js';
import { getUserProfile } from '../../domain/current-user.use-case.js';
import type { TAuthDeps } from '../../domain/deps.js';

const ZUserParamsSchema = ZIdParamsSchema(AUTH_ERRORS.userNotFound);

/**
 * /internal/users/{id}/profile (not routed by the gateway): a user's names, role and standing, asked by chat for an
 * author it has no copy of yet. The caller forwards the token of the user it acts for.
 */
export function registerInternalUserRoutes(app: TApp, { deps, hooks }: TRouteDeps<TAuthDeps>): void {
  app.get(
    '/internal/users/:id/profile',
    { onRequest: hooks.authenticate, schema: { params: ZUserParamsSchema, response: { 200: ZInternalUserProfileSchema } } },
    async (request) => {
      const user = authUserOf(request);
      return getUserProfile(deps, { userId: user.userId, role: user.role }, request.params.id);
    },
  );
}
