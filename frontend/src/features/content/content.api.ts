import type {
  TAdminDocument,
  TAdminDocumentPage,
  TAward,
  TAwardCategory,
  TAwardPage,
  TAwardPeriod,
  TCreateDocumentRequest,
  TLeaderboardPreference,
  TNewsArticle,
  TNewsPage,
  TUpdateDocumentRequest,
} from '@platform/contracts';
import { api, API_TAGS } from '../../app/api';
import type { TFormat } from '../../app/format';

export type { TAdminDocument, TAward, TAwardCategory, TAwardPage, TAwardPeriod, TNewsArticle, TNewsPage };

export interface TNewsInput {
  title: string;
  content: string;
  isPublished: boolean;
  /** ISO date-time; only on creation. */
  createdAt?: string | null;
  emailEveryone?: boolean;
}

export interface TAwardInput {
  userId: string;
  firstName?: string;
  lastName?: string;
  category: TAwardCategory;
  rank: number;
  value: string;
  period: TAwardPeriod;
}

/** GET /api/admin/news's parameters the console sends (contracts ZAdminNewsQuerySchema). */
export interface TAdminNewsRequest {
  search?: string | undefined;
  published?: 'true' | 'false' | undefined;
  cursor?: string | undefined;
}

/** GET /api/admin/awards's parameters the console sends (contracts ZAdminAwardsQuerySchema). */
export interface TAdminAwardsRequest {
  period?: TAwardPeriod | undefined;
  category?: TAwardCategory | undefined;
  source?: 'computed' | 'manual' | undefined;
  user?: string | undefined;
  cursor?: string | undefined;
}

/** Shortest search text the server takes (a trigram index serves it); shorter is not sent. */
export const SEARCH_MIN_LENGTH = 3;

/** The path with the parameters that have a value ('/news' alone without any). */
function withParams(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

const taggedApi = api.enhanceEndpoints({ addTagTypes: ['News', 'Award', 'AdminDocument', 'LeaderboardPreference'] });

/** News and awards (admin service), company documents for admins and the leaderboard opt-out (auth service). */
export const contentApi = taggedApi.injectEndpoints({
  endpoints: (build) => ({
    /** Home: a page (20) of the published news, newest first; the first without a cursor, then each nextCursor. */
    news: build.query<TNewsPage, { cursor?: string | undefined } | void>({
      query: (args) => withParams('/news', { cursor: args?.cursor }),
      providesTags: ['News'],
    }),
    /** Admin > Company News: a page (20) of every item, drafts too, newest first; search in the title, published filter. */
    adminNews: build.query<TNewsPage, TAdminNewsRequest>({
      query: ({ search, published, cursor }) => withParams('/admin/news', { search, published, cursor }),
      providesTags: ['News'],
    }),
    createNews: build.mutation<TNewsArticle, TNewsInput>({
      query: (body) => ({ url: '/news', method: 'POST', body }),
      invalidatesTags: ['News'],
    }),
    updateNews: build.mutation<TNewsArticle, { id: string; changes: Omit<TNewsInput, 'createdAt'> }>({
      query: ({ id, changes }) => ({ url: `/news/${encodeURIComponent(id)}`, method: 'PATCH', body: changes }),
      invalidatesTags: ['News'],
    }),
    deleteNews: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/news/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['News'],
    }),
    /** The worker's Awards: a page (20) of the period's awards in the leaderboards' order; cursor: the previous page's nextCursor. */
    awards: build.query<TAwardPage, { period?: TAwardPeriod; cursor?: string } | void>({
      query: (args) => withParams('/awards', { period: args?.period, cursor: args?.cursor }),
      providesTags: ['Award'],
    }),
    /** Admin > Awards: a page (20) of every award in the leaderboards' order, with the section's filters. */
    adminAwards: build.query<TAwardPage, TAdminAwardsRequest>({
      query: ({ period, category, source, user, cursor }) => withParams('/admin/awards', { period, category, source, user, cursor }),
      providesTags: ['Award'],
    }),
    createAward: build.mutation<TAward, TAwardInput>({
      query: (body) => ({ url: '/admin/awards', method: 'POST', body }),
      invalidatesTags: ['Award'],
    }),
    updateAward: build.mutation<TAward, { id: string; award: TAwardInput }>({
      query: ({ id, award }) => ({ url: `/admin/awards/${encodeURIComponent(id)}`, method: 'PUT', body: award }),
      invalidatesTags: ['Award'],
    }),
    deleteAward: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/admin/awards/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Award'],
    }),
    /** One page (20) of the documents in display order; cursor: the previous page's nextCursor. */
    adminDocuments: build.query<TAdminDocumentPage, { search?: string; active?: 'true' | 'false'; cursor?: string }>({
      query: ({ search, active, cursor }) => {
        const params = new URLSearchParams();
        if (search) params.set('search', search);
        if (active) params.set('active', active);
        if (cursor) params.set('cursor', cursor);
        const text = params.toString();
        return text ? `/admin/documents?${text}` : '/admin/documents';
      },
      providesTags: ['AdminDocument'],
    }),
    createDocument: build.mutation<TAdminDocument, TCreateDocumentRequest>({
      query: (body) => ({ url: '/admin/documents', method: 'POST', body }),
      invalidatesTags: ['AdminDocument', API_TAGS.requiredDocuments],
    }),
    updateDocument: build.mutation<TAdminDocument, { id: string; changes: TUpdateDocumentRequest }>({
      query: ({ id, changes }) => ({ url: `/admin/documents/${encodeURIComponent(id)}`, method: 'PATCH', body: changes }),
      invalidatesTags: ['AdminDocument', API_TAGS.requiredDocuments],
    }),
    deleteDocument: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/admin/documents/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['AdminDocument', API_TAGS.requiredDocuments],
    }),
    leaderboardPreference: build.query<TLeaderboardPreference, void>({
      query: () => '/user/leaderboard-preference',
      providesTags: ['LeaderboardPreference'],
    }),
    setLeaderboardPreference: build.mutation<TLeaderboardPreference, TLeaderboardPreference>({
      query: (body) => ({ url: '/user/leaderboard-preference', method: 'PUT', body }),
      invalidatesTags: ['LeaderboardPreference', 'Award'],
    }),
  }),
});

export const {
  useNewsQuery,
  useLazyNewsQuery,
  useAdminNewsQuery,
  useCreateNewsMutation,
  useUpdateNewsMutation,
  useDeleteNewsMutation,
  useAwardsQuery,
  useLazyAwardsQuery,
  useAdminAwardsQuery,
  useCreateAwardMutation,
  useUpdateAwardMutation,
  useDeleteAwardMutation,
  useAdminDocumentsQuery,
  useCreateDocumentMutation,
  useUpdateDocumentMutation,
  useDeleteDocumentMutation,
  useLeaderboardPreferenceQuery,
  useSetLeaderboardPreferenceMutation,
} = contentApi;

/** The admin list's preview: at most 200 characters (spec 03 s.9), with an ellipsis when cut. */
export const NEWS_PREVIEW_LENGTH = 200;
export function newsPreview(content: string): string {
  const chars = Array.from(content);
  return chars.length <= NEWS_PREVIEW_LENGTH ? content : `${chars.slice(0, NEWS_PREVIEW_LENGTH).join('')}…`;
}

/**
 * Award values (spec 02 Awards) in the reader's locale: dollars with 2 decimals, a rounded number of tasks (the
 * catalogue's plural, `tasks(count)`), a percent with 1 decimal (the value is in percent: "85.71" is 85.7%).
 */
export function formatAwardValue(category: TAwardCategory | string, value: string, words: { format: TFormat; tasks: (count: number) => string }): string {
  const n = Number(value);
  if (Number.isNaN(n)) return value;
  if (category === 'top_earner') return words.format.money(value);
  if (category === 'top_completion') return words.tasks(Math.round(n));
  if (category === 'top_rate') return words.format.percent(n / 100);
  return value;
}

export const AWARD_CATEGORY_LIST = ['top_earner', 'top_completion', 'top_rate'] as const;
export const AWARD_PERIOD_LIST = ['weekly', 'monthly', 'quarterly', 'yearly', 'all_time'] as const;
