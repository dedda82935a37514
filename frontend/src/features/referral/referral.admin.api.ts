import type {
  TCreateLandingPageRequest,
  TCreateReferralLinkRequest,
  TDeleteReferralLinkResponse,
  TLandingPage,
  TReferralLink,
  TReferralStats,
  TUpdateLandingPageRequest,
  TUpdateReferralLinkRequest,
} from '@platform/contracts';
import { api } from '../../app/api';

/** The Referral System's admin calls (spec 03 "Referral Management"); loaded only with the admin console. */
const referralAdminBase = api.enhanceEndpoints({ addTagTypes: ['ReferralLink', 'ReferralStats', 'LandingPage'] });

export const referralAdminApi = referralAdminBase.injectEndpoints({
  endpoints: (build) => ({
    referralLinks: build.query<TReferralLink[], void>({
      query: () => '/admin/referral-links',
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
    landingPages: build.query<TLandingPage[], void>({
      query: () => '/admin/landing-pages',
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
