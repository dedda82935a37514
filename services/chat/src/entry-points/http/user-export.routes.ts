import { registerUserExportRoute, type Pool, type TApp, type TAuthHooks } from '@platform/service-kit';
import { CHAT_USER_EXPORT } from '../../data-access/user-export.repository.js';

/** GET /internal/users/:id/export (the user's own token, or an admin's). */
export function registerUserExportRoutes(app: TApp, { pool, hooks }: { pool: Pool; hooks: TAuthHooks }): void {
  registerUserExportRoute(app, { pool, hooks, service: 'chat', parts: CHAT_USER_EXPORT });
}
