import { ZIdParamsSchema, ZUserPendingWorkSchema } from '@platform/contracts';
import { authUserOf, COMMON_ERRORS, type TApp, type TRouteDeps } from '@platform/service-kit';
import type { TWorkDeps } from '../../domain/deps.js';
import { getPendingWork } from '../../domain/user-erasure.use-case.js';

const ZUserParamsSchema = ZIdParamsSchema(() => COMMON_ERRORS.notFound('User not found', 'user'));

/**
 * /internal/users/{id}/pending-work (not routed by the gateway): what is still open for the user, asked by auth
 * before an account is deleted. The caller forwards the token of the user it acts for.
 */
export function registerInternalUserRoutes(app: TApp, { deps, hooks }: TRouteDeps<TWorkDeps>): void {
  app.get(
    '/internal/users/:id/pending-work',
    { onRequest: hooks.authenticate, schema: { params: ZUserParamsSchema, response: { 200: ZUserPendingWorkSchema } } },
    async (request) => getPendingWork(deps, authUserOf(request), request.params.id),
  );
}
