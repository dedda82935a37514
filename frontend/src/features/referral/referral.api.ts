import type { TPublicFigures, TPublicLandingPage, TReferralLookup } from '@platform/contracts';
import { api } from '../../app/api';

export type { TReferralLookup };

/** The visitor's calls (no token needed): the referral lookup and click, a landing page's copy, the live figures. */
export const referralApi = api.injectEndpoints({
  endpoints: (build) => ({
    referral: build.query<TReferralLookup, string>({
      query: (code) => `/referral/${encodeURIComponent(code)}`,
    }),
    trackReferralClick: build.mutation<unknown, { code: string; timestamp: string }>({
      query: ({ code, timestamp }) => ({ url: `/referral/${encodeURIComponent(code)}/track-click`, method: 'POST', body: { timestamp } }),
    }),
    publicLandingPage: build.query<TPublicLandingPage, string>({
      query: (name) => `/public/landing-pages/${encodeURIComponent(name)}`,
    }),
    publicFigures: build.query<TPublicFigures, void>({
      query: () => '/public/figures',
    }),
  }),
});

export const { useReferralQuery, useTrackReferralClickMutation, usePublicLandingPageQuery, usePublicFiguresQuery } = referralApi;
