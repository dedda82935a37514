import type {
  TCreateLandingPageRequest,
  TCreateReferralLinkRequest,
  TDeleteReferralLinkResponse,
  TLandingPage,
  TLandingPagePage,
  TReferralLink,
  TReferralLinkPage,
  TReferralStats,
  TUpdateLandingPageRequest,
  TUpdateReferralLinkRequest,
} from '@platform/contracts';
import { api } from '../../app/api';

/** Shortest search text the server takes (a trigram index serves it); shorter is not sent. */
export const REFERRAL_SEARCH_MIN_LENGTH = 3;

export interface TReferralListArgs {
  /** Part of the code or name (links), of the name or display name (landing pages); 3+ characters. */
  search?: string;
  active?: 'true' | 'false';
  cursor?: string;
}

/** A query string of the set values only (an empty filter is not sent: the server would refuse a blank one). */
function listQuery(path: string, params: TReferralListArgs): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The Referral System's admin calls (spec 03 "Referral Management"); loaded only with the admin console. */
const referralAdminBase = api.enhanceEndpoints({ addTagTypes: ['ReferralLink', 'ReferralStats', 'LandingPage'] });

export const referralAdminApi = referralAdminBase.injectEndpoints({
  endpoints: (build) => ({
    /** One page (20) of the links, newest first; cursor: the previous page's nextCursor. */
    referralLinks: build.query<TReferralLinkPage, TReferralListArgs>({
      query: (args) => listQuery('/admin/referral-links', args),
      providesTags: ['ReferralLink'],
    }),
    referralStats: build.query<TReferralStats, void>({
      query: () => '/admin/referral-stats',
      providesTags: ['ReferralStats'],
    }),
    createReferralLink: build.mutation<TReferralLink, TCreateReferralLinkRequest>({
      query: (body) => ({ url: '/admin/referral-links', method: 'POST', body }),
      invalidatesTags: ['ReferralLink', 'ReferralStats'],
    }),
    updateReferralLink: build.mutation<TReferralLink, { id: string; changes: TUpdateReferralLinkRequest }>({
      query: ({ id, changes }) => ({ url: `/admin/referral-links/${encodeURIComponent(id)}`, method: 'PUT', body: changes }),
      invalidatesTags: ['ReferralLink', 'ReferralStats'],
    }),
    deleteReferralLink: build.mutation<TDeleteReferralLinkResponse, string>({
      query: (id) => ({ url: `/admin/referral-links/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['ReferralLink', 'ReferralStats'],
    }),
    /** One page (20) of the landing pages, oldest first; cursor: the previous page's nextCursor. */
    landingPages: build.query<TLandingPagePage, TReferralListArgs>({
      query: (args) => listQuery('/admin/landing-pages', args),
      providesTags: ['LandingPage'],
    }),
    activeLandingPages: build.query<TLandingPage[], void>({
      query: () => '/admin/landing-pages/active',
      providesTags: ['LandingPage'],
    }),
    createLandingPage: build.mutation<TLandingPage, TCreateLandingPageRequest>({
      query: (body) => ({ url: '/admin/landing-pages', method: 'POST', body }),
      invalidatesTags: ['LandingPage'],
    }),
    updateLandingPage: build.mutation<TLandingPage, { id: string; changes: TUpdateLandingPageRequest }>({
      query: ({ id, changes }) => ({ url: `/admin/landing-pages/${encodeURIComponent(id)}`, method: 'PATCH', body: changes }),
      invalidatesTags: ['LandingPage', 'ReferralLink'],
    }),
  }),
});

export const {
  useReferralLinksQuery,
  useReferralStatsQuery,
  useCreateReferralLinkMutation,
  useUpdateReferralLinkMutation,
  useDeleteReferralLinkMutation,
  useLandingPagesQuery,
  useActiveLandingPagesQuery,
  useCreateLandingPageMutation,
  useUpdateLandingPageMutation,
} = referralAdminApi;
