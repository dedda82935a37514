import {
  ZCreateLandingPageRequestSchema,
  ZCreateReferralLinkRequestSchema,
  ZDeleteReferralLinkResponseSchema,
  ZIdParamsSchema,
  ZLandingPagePageSchema,
  ZLandingPageSchema,
  ZLandingPagesQuerySchema,
  ZPublicLandingPageSchema,
  ZReferralLinkPageSchema,
  ZReferralLinkSchema,
  ZReferralLinksQuerySchema,
  ZReferralLookupSchema,
  ZReferralStatsSchema,
  ZTextSchema,
  ZTrackClickRequestSchema,
  ZTrackClickResponseSchema,
  ZUpdateLandingPageRequestSchema,
  ZUpdateReferralLinkRequestSchema,
} from '@platform/contracts';
import { addressBucketOf, authUserOf, type TApp, type TRouteDeps } from '@platform/service-kit';
import { z } from 'zod';
import type { TAuthDeps } from '../../domain/deps.js';
import { AUTH_ERRORS } from '../../domain/auth.errors.js';
import {
  createLink,
  createPage,
  deleteLink,
  listLinks,
  listActivePages,
  listPages,
  lookUpReferral,
  publicLandingPage,
  referralStats,
  trackClick,
  updateLink,
  updatePage,
} from '../../domain/referrals.use-case.js';

const ZLinkParamsSchema = ZIdParamsSchema(AUTH_ERRORS.referralLinkNotFound);
const ZPageParamsSchema = ZIdParamsSchema(AUTH_ERRORS.landingPageNotFound);
const ZCodeParamsSchema = z.strictObject({ code: ZTextSchema('Code').trim().min(1).max(64) });
const ZPageNameParamsSchema = z.strictObject({ name: ZTextSchema('Name').trim().min(1).max(60) });

const header = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/**
 * Referral links and landing pages (issue 16). Admin: /api/admin/referral-links, /api/admin/referral-stats,
 * /api/admin/landing-pages. Public (no token): /api/referral/{code}, its track-click, and
 * /api/public/landing-pages/{name} (the admin-edited copy a visitor's landing page shows).
 */
export function registerReferralRoutes(app: TApp, { deps, hooks }: TRouteDeps<TAuthDeps>): void {
  const admin = { onRequest: hooks.requireAdmin };

  app.get(
    '/api/admin/referral-links',
    {
      ...admin,
      schema: {
        summary: 'A page of the referral links (admin), newest first, each with its funnel',
        description:
          "Keyset paging (contracts paging.ts): pageSize 1-100 (default 20), cursor = the previous page's nextCursor. Filters: search " +
          '(part of the code or the name, 3+ characters), active (true | false). An unknown parameter, a bad value or cursor: 400 naming it.',
        querystring: ZReferralLinksQuerySchema,
        response: { 200: ZReferralLinkPageSchema },
      },
    },
    async (request) => listLinks(deps, request.query),
  );

  app.post(
    '/api/admin/referral-links',
    { ...admin, schema: { body: ZCreateReferralLinkRequestSchema, response: { 201: ZReferralLinkSchema } } },
    async (request, reply) => reply.status(201).send(await createLink(deps, authUserOf(request).userId, request.body)),
  );

  app.put(
    '/api/admin/referral-links/:id',
    { ...admin, schema: { params: ZLinkParamsSchema, body: ZUpdateReferralLinkRequestSchema, response: { 200: ZReferralLinkSchema } } },
    async (request) => updateLink(deps, request.params.id, request.body),
  );

  app.delete(
    '/api/admin/referral-links/:id',
    { ...admin, schema: { params: ZLinkParamsSchema, response: { 200: ZDeleteReferralLinkResponseSchema } } },
    async (request) => deleteLink(deps, request.params.id),
  );

  app.get('/api/admin/referral-stats', { ...admin, schema: { response: { 200: ZReferralStatsSchema } } }, async () => referralStats(deps));

  app.get(
    '/api/admin/landing-pages',
    {
      ...admin,
      schema: {
        summary: 'A page of the landing pages (admin), oldest first',
        description:
          "Keyset paging (contracts paging.ts): pageSize 1-100 (default 20), cursor = the previous page's nextCursor. Filters: search " +
          '(part of the name or the display name, 3+ characters), active (true | false). An unknown parameter, a bad value or ' +
          'cursor: 400 naming it.',
        querystring: ZLandingPagesQuerySchema,
        response: { 200: ZLandingPagePageSchema },
      },
    },
    async (request) => listPages(deps, request.query),
  );

  app.get(
    '/api/admin/landing-pages/active',
    { ...admin, schema: { summary: 'Every active landing page (a link form\'s picker)', response: { 200: z.array(ZLandingPageSchema) } } },
    async () => listActivePages(deps),
  );

  app.post(
    '/api/admin/landing-pages',
    { ...admin, schema: { body: ZCreateLandingPageRequestSchema, response: { 201: ZLandingPageSchema } } },
    async (request, reply) => reply.status(201).send(await createPage(deps, request.body)),
  );

  app.patch(
    '/api/admin/landing-pages/:id',
    { ...admin, schema: { params: ZPageParamsSchema, body: ZUpdateLandingPageRequestSchema, response: { 200: ZLandingPageSchema } } },
    async (request) => updatePage(deps, request.params.id, request.body),
  );

  app.get('/api/referral/:code', { schema: { params: ZCodeParamsSchema, response: { 200: ZReferralLookupSchema } } }, async (request) =>
    lookUpReferral(deps, request.params.code),
  );

  app.post(
    '/api/referral/:code/track-click',
    { schema: { params: ZCodeParamsSchema, body: ZTrackClickRequestSchema.optional(), response: { 200: ZTrackClickResponseSchema } } },
    async (request) =>
      trackClick(deps, request.params.code, {
        // The gateway's x-forwarded-for, believed from TRUST_PROXY only (service-kit): the visitor's real address,
        // counted by its bucket (every spelling of one address alike, an IPv6 visitor by its /64).
        ipAddress: addressBucketOf(request.ip),
        userAgent: header(request.headers['user-agent']),
        referer: header(request.headers.referer),
        purposeHeaders: [
          header(request.headers.purpose),
          header(request.headers['sec-purpose']),
          header(request.headers['x-purpose']),
          header(request.headers['x-moz']),
        ],
      }),
  );

  app.get(
    '/api/public/landing-pages/:name',
    { schema: { params: ZPageNameParamsSchema, response: { 200: ZPublicLandingPageSchema } } },
    async (request, reply) => {
      const page = await publicLandingPage(deps, request.params.name);
      // The copy changes rarely; a minute in any cache is fine.
      void reply.header('cache-control', 'public, max-age=60');
      return page;
    },
  );
}
