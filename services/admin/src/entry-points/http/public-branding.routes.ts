import { ZPublicBrandingSchema } from '@platform/contracts';
import type { TApp, TRouteDeps } from '@platform/service-kit';
import type { TAdminDeps } from '../../domain/deps.js';
import { getPublicBranding } from '../../domain/public-branding.use-case.js';

/** A change of the name reaches a browser within this many seconds. */
const BRANDING_CACHE_SECONDS = 60;

/** GET /api/public/branding (no token): the platform's name for the app's title and header (issue 28). */
export function registerPublicBrandingRoutes(app: TApp, { deps }: Pick<TRouteDeps<TAdminDeps>, 'deps'>): void {
  app.get('/api/public/branding', { schema: { response: { 200: ZPublicBrandingSchema } } }, async (_request, reply) => {
    void reply.header('cache-control', `public, max-age=${BRANDING_CACHE_SECONDS}`);
    return getPublicBranding(deps);
  });
}
