import type {
  TChatMessage,
  TSupportConversation,
  TSupportConversationPage,
  TSupportConversationPatch,
  TSupportFigures,
  TSupportStatus,
  TSupportThread,
  TWorkerSupportConversation,
} from '@platform/contracts';
import { api } from '../../app/api';

/** The desk list's filters (empty ones are not sent) and the cursor of a further page. */
export interface TDeskListQuery {
  status: TSupportStatus | 'all';
  mine: boolean;
  /** Part of the worker's e-mail or name (at least 3 characters). */
  user?: string;
  cursor?: string;
}

/** The query string of GET /api/admin/support-conversations, in a fixed order, without empty filters. */
export function deskListParams(q: TDeskListQuery): string {
  const params = new URLSearchParams({ status: q.status, mine: String(q.mine) });
  if (q.user) params.set('user', q.user);
  if (q.cursor) params.set('cursor', q.cursor);
  return params.toString();
}

/** The support desk's calls (services/chat/README.md "Support desk"; issue 12). */
/** The desk's tags, which the desk (pages/admin/crm) invalidates when its socket hears of a change. */
export const SUPPORT_TAGS = { conversations: 'SupportConversations', thread: 'SupportThread' } as const;

const supportTaggedApi = api.enhanceEndpoints({ addTagTypes: [...Object.values(SUPPORT_TAGS), 'SupportMine'] });

export const supportApi = supportTaggedApi.injectEndpoints({
  endpoints: (build) => ({
    /** The worker's own status and unread replies. */
    supportConversation: build.query<TWorkerSupportConversation, void>({ query: () => '/support/conversation', providesTags: ['SupportMine'], keepUnusedDataFor: 0 }),
    postSupportMessage: build.mutation<TChatMessage, { content: string }>({
      query: (body) => ({ url: '/support/message', method: 'POST', body }),
      invalidatesTags: ['SupportMine'],
    }),
    /* ---- The desk (admins). ---- */
    /** A page of the desk list, in the desk's order (waiting longest first, then newest activity). */
    supportConversations: build.query<TSupportConversationPage, TDeskListQuery>({
      query: (q) => `/admin/support-conversations?${deskListParams(q)}`,
      providesTags: [SUPPORT_TAGS.conversations],
      keepUnusedDataFor: 0,
    }),
    supportThread: build.query<TSupportThread, string>({
      query: (userId) => `/admin/support-messages/${encodeURIComponent(userId)}`,
      providesTags: (_result, _error, userId) => [{ type: SUPPORT_TAGS.thread, id: userId }],
      keepUnusedDataFor: 0,
    }),
    // The desk list is not read again after a reply or a change: its row is updated in place from the socket's
    // support_conversation frame (or the PATCH answer), so the pages the admin loaded stay (pages/admin/crm).
    supportReply: build.mutation<TChatMessage, { userId: string; content: string }>({
      query: (body) => ({ url: '/admin/support-reply', method: 'POST', body }),
      invalidatesTags: (_result, _error, { userId }) => [{ type: SUPPORT_TAGS.thread, id: userId }],
    }),
    updateSupportConversation: build.mutation<TSupportConversation, { userId: string } & TSupportConversationPatch>({
      query: ({ userId, ...body }) => ({ url: `/admin/support-conversations/${encodeURIComponent(userId)}`, method: 'PATCH', body }),
      invalidatesTags: (_result, _error, { userId }) => [{ type: SUPPORT_TAGS.thread, id: userId }],
    }),
    /** For the admin dashboard: 30-day medians of first response and resolution, and how many wait over 24 h. */
    supportFigures: build.query<TSupportFigures, void>({ query: () => '/admin/support-conversations/figures' }),
  }),
});

export const {
  useSupportConversationQuery,
  usePostSupportMessageMutation,
  useSupportConversationsQuery,
  useLazySupportConversationsQuery,
  useSupportThreadQuery,
  useSupportReplyMutation,
  useUpdateSupportConversationMutation,
  useSupportFiguresQuery,
} = supportApi;
