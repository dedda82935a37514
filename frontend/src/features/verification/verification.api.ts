import type { TActivityPage, TAdminVerification, TAdminVerificationList, TAdminVerificationPage, TMyVerification, TUserExportTicket } from '@platform/contracts';
import { api, API_TAGS } from '../../app/api';

/** Shortest search text the server takes (a trigram index serves it); shorter is not sent. */
export const VERIFICATION_SEARCH_MIN_LENGTH = 3;

export interface TAdminVerificationsArgs {
  status?: TAdminVerificationList;
  userId?: string;
  /** Part of the applicant's e-mail or name (3+ characters). */
  search?: string;
  /** YYYY-MM-DD: the application's day (the decision's for approved and rejected). */
  from?: string;
  to?: string;
  pageSize?: number;
  cursor?: string;
}

/** A query string of the set values only (an empty filter is not sent: the server would refuse a blank one). */
function pageQuery(path: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The tags of this file. DownloadMyData.tsx names userExport (an offer the server no longer holds is read again).
 * The worker's own status has no tag: the card writes the POST's answer into the cache (VerificationCard.tsx).
 */
export const VERIFICATION_TAGS = { userExport: 'UserExport', adminVerification: 'AdminVerification' } as const;

const verificationTaggedApi = api.enhanceEndpoints({ addTagTypes: Object.values(VERIFICATION_TAGS) });

/**
 * Identity verification, the activity history and the data export (auth service, issue 15). A new export refreshes
 * the offer of the latest; a decision refreshes the admin lists, that application and All Users (its status).
 */
export const verificationApi = verificationTaggedApi.injectEndpoints({
  endpoints: (build) => ({
    myVerification: build.query<TMyVerification, void>({ query: () => '/user/verification', keepUnusedDataFor: 0 }),
    /** One page (20) of the caller's activity, newest first; cursor: the previous page's nextCursor. */
    myActivity: build.query<TActivityPage, { lang: string; cursor?: string }>({
      query: ({ lang, cursor }) => pageQuery('/user/activity', { lang: lang === 'ru' ? 'ru' : 'en', cursor }),
      keepUnusedDataFor: 0,
    }),
    latestExport: build.query<{ export: TUserExportTicket | null }, void>({
      query: () => '/user/export',
      providesTags: [VERIFICATION_TAGS.userExport],
      keepUnusedDataFor: 0,
    }),
    createExport: build.mutation<TUserExportTicket, void>({
      query: () => ({ url: '/user/export', method: 'POST', body: {} }),
      invalidatesTags: [VERIFICATION_TAGS.userExport],
    }),
    /** One page (20) of an admin list of applications (the queue oldest first); cursor: the previous page's nextCursor. */
    adminVerifications: build.query<TAdminVerificationPage, TAdminVerificationsArgs>({
      query: (args) => pageQuery('/admin/verifications', { ...args }),
      providesTags: [VERIFICATION_TAGS.adminVerification],
      keepUnusedDataFor: 0,
    }),
    adminVerification: build.query<TAdminVerification, string>({
      query: (id) => `/admin/verifications/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: VERIFICATION_TAGS.adminVerification, id }],
      keepUnusedDataFor: 0,
    }),
    decideVerification: build.mutation<TAdminVerification, { id: string; status: 'approved' | 'rejected'; reason?: string }>({
      query: ({ id, ...body }) => ({ url: `/admin/verifications/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      // Every list and the application itself (and All Users, where the user's status shows).
      invalidatesTags: [VERIFICATION_TAGS.adminVerification, API_TAGS.adminUser],
    }),
  }),
});

export const {
  useMyVerificationQuery,
  useMyActivityQuery,
  useLazyMyActivityQuery,
  useLatestExportQuery,
  useCreateExportMutation,
  useAdminVerificationsQuery,
  useAdminVerificationQuery,
  useDecideVerificationMutation,
} = verificationApi;
