import { api } from '../../app/api';

export interface TReferralLookup {
  isActive: boolean;
  landingPage?: { name?: string | null } | null;
}

export const referralApi = api.injectEndpoints({
  endpoints: (build) => ({
    referral: build.query<TReferralLookup, string>({
      query: (code) => `/referral/${encodeURIComponent(code)}`,
    }),
    trackReferralClick: build.mutation<unknown, { code: string; timestamp: string }>({
      query: ({ code, timestamp }) => ({ url: `/referral/${encodeURIComponent(code)}/track-click`, method: 'POST', body: { timestamp } }),
    }),
  }),
});

export const { useReferralQuery, useTrackReferralClickMutation } = referralApi;
