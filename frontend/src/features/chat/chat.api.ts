import type { TChatMessagePage, TChatType, TChatUnreadCounts } from '@platform/contracts';
import { api } from '../../app/api';

export interface TChatPageArgs {
  chatType: TChatType;
  before?: number;
  after?: number;
  limit?: number;
}

/** The worker's chat calls (services/chat/README.md). The connection manager calls them with initiate(). */
export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    chatMessages: build.query<TChatMessagePage, TChatPageArgs>({
      query: ({ chatType, before, after, limit }) => {
        const params = new URLSearchParams({ chatType });
        if (before !== undefined) params.set('before', String(before));
        if (after !== undefined) params.set('after', String(after));
        if (limit !== undefined) params.set('limit', String(limit));
        return `/chat/messages?${params.toString()}`;
      },
      keepUnusedDataFor: 0,
    }),
    chatUnread: build.query<TChatUnreadCounts, void>({ query: () => '/chat/unread', keepUnusedDataFor: 0 }),
    markChatRead: build.mutation<TChatUnreadCounts, { chatType: TChatType; upToId?: number }>({
      query: (body) => ({ url: '/chat/read', method: 'POST', body }),
    }),
  }),
});
