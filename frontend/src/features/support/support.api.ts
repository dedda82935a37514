import type {
  TChatMessage,
  TSupportConversation,
  TSupportConversationList,
  TSupportConversationPatch,
  TSupportFigures,
  TSupportStatus,
  TSupportThread,
  TWorkerSupportConversation,
} from '@platform/contracts';
import { api } from '../../app/api';

/** The support desk's calls (services/chat/README.md "Support desk"; issue 12). */
const supportTaggedApi = api.enhanceEndpoints({ addTagTypes: ['SupportConversations', 'SupportThread', 'SupportMine'] });

export const supportApi = supportTaggedApi.injectEndpoints({
  endpoints: (build) => ({
    /** The worker's own status and unread replies. */
    supportConversation: build.query<TWorkerSupportConversation, void>({ query: () => '/support/conversation', providesTags: ['SupportMine'], keepUnusedDataFor: 0 }),
    postSupportMessage: build.mutation<TChatMessage, { content: string }>({
      query: (body) => ({ url: '/support/message', method: 'POST', body }),
      invalidatesTags: ['SupportMine'],
    }),
    /* ---- The desk (admins). ---- */
    supportConversations: build.query<TSupportConversationList, { status: TSupportStatus | 'all'; mine: boolean }>({
      query: ({ status, mine }) => `/admin/support-conversations?status=${status}&mine=${mine}`,
      providesTags: ['SupportConversations'],
      keepUnusedDataFor: 0,
    }),
    supportThread: build.query<TSupportThread, string>({
      query: (userId) => `/admin/support-messages/${encodeURIComponent(userId)}`,
      providesTags: (_result, _error, userId) => [{ type: 'SupportThread', id: userId }],
      keepUnusedDataFor: 0,
    }),
    supportReply: build.mutation<TChatMessage, { userId: string; content: string }>({
      query: (body) => ({ url: '/admin/support-reply', method: 'POST', body }),
      invalidatesTags: (_result, _error, { userId }) => ['SupportConversations', { type: 'SupportThread', id: userId }],
    }),
    updateSupportConversation: build.mutation<TSupportConversation, { userId: string } & TSupportConversationPatch>({
      query: ({ userId, ...body }) => ({ url: `/admin/support-conversations/${encodeURIComponent(userId)}`, method: 'PATCH', body }),
      invalidatesTags: (_result, _error, { userId }) => ['SupportConversations', { type: 'SupportThread', id: userId }],
    }),
    /** For the admin dashboard: 30-day medians of first response and resolution, and how many wait over 24 h. */
    supportFigures: build.query<TSupportFigures, void>({ query: () => '/admin/support-conversations/figures' }),
  }),
});

export const {
  useSupportConversationQuery,
  usePostSupportMessageMutation,
  useSupportConversationsQuery,
  useSupportThreadQuery,
  useSupportReplyMutation,
  useUpdateSupportConversationMutation,
  useSupportFiguresQuery,
} = supportApi;
