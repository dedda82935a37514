import { ZNoPublicQuerySchema, ZPublicTrustSchema } from '@platform/contracts';
import type { TApp } from '@platform/service-kit';
import type { TPublicTrustReader } from '../../domain/public-figures.use-case.js';

/**
 * GET /api/public/trust (no token; issue 31): who operates the platform, the review, appeal and payout rules in force,
 * and the live figures computed from events (principle 4), at most a minute old, with the time they were computed.
 */
export function registerPublicTrustRoutes(app: TApp, { trust, cacheSeconds }: { trust: TPublicTrustReader; cacheSeconds: number }): void {
  app.get(
    '/api/public/trust',
    {
      schema: {
        summary: 'The public trust page: operator, rules and live figures',
        description: 'No sign-in. Computed at most once a minute per instance from the public figures read model; the admin dashboard shows the same figures.',
        querystring: ZNoPublicQuerySchema,
        response: { 200: ZPublicTrustSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', `public, max-age=${cacheSeconds}`);
      return trust.read();
    },
  );
}
