import { ZPublicFiguresSchema } from '@platform/contracts';
import type { TApp } from '@platform/service-kit';
import type { TPublicFiguresReader } from '../../domain/public-figures.use-case.js';

/**
 * GET /api/public/figures (no token): the landing pages' live figures, computed from events (principle 4), at
 * most a minute old, with the time they were computed (asOf).
 */
export function registerPublicFiguresRoutes(app: TApp, { figures, cacheSeconds }: { figures: TPublicFiguresReader; cacheSeconds: number }): void {
  app.get('/api/public/figures', { schema: { response: { 200: ZPublicFiguresSchema } } }, async (_request, reply) => {
    void reply.header('cache-control', `public, max-age=${cacheSeconds}`);
    return figures.read();
  });
}
