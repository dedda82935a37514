import type { TChatMonitorFilter, TChatMonitorPage, TChatMonitorRoom, TChatMonitorStats, TModerationResult } from '@platform/contracts';
import { api } from '../../app/api';

/** The monitor's filters as the screen holds them (empty ones are not sent); from/to are whole days (YYYY-MM-DD). */
export interface TChatMonitorListQuery {
  filter: TChatMonitorFilter;
  room: TChatMonitorRoom;
  /** A worker's id: their support thread only. */
  conversation?: string;
  user?: string;
  search?: string;
  from?: string;
  to?: string;
  cursor?: string;
}

/** The query string of GET /api/admin/chat-messages, in a fixed order, without empty filters. */
export function chatMonitorParams(q: TChatMonitorListQuery): string {
  const params = new URLSearchParams({ filter: q.filter, room: q.room });
  for (const key of ['conversation', 'user', 'search', 'from', 'to', 'cursor'] as const) {
    const value = q[key];
    if (value) params.set(key, value);
  }
  return params.toString();
}

/** Admin: Chat Moderation and Chat Monitor (spec 03 s.7; services/chat/README.md). In the admin chunk only. */
/** The monitor's feed and figures; a change of the banned words or of an assistant (assistants.api.ts) refreshes them. */
export const CHAT_MONITOR_TAG = 'ChatMonitor';

const chatAdminTaggedApi = api.enhanceEndpoints({ addTagTypes: ['BannedWords', CHAT_MONITOR_TAG] });

export const chatAdminApi = chatAdminTaggedApi.injectEndpoints({
  endpoints: (build) => ({
    bannedWords: build.query<string[], void>({ query: () => '/admin/chat-moderation/banned-words', providesTags: ['BannedWords'] }),
    addBannedWords: build.mutation<string[], string[]>({
      query: (words) => ({ url: '/admin/chat-moderation/banned-words', method: 'POST', body: { words } }),
      invalidatesTags: ['BannedWords', CHAT_MONITOR_TAG],
    }),
    removeBannedWords: build.mutation<string[], string[]>({
      query: (words) => ({ url: '/admin/chat-moderation/banned-words', method: 'DELETE', body: { words } }),
      invalidatesTags: ['BannedWords', CHAT_MONITOR_TAG],
    }),
    testModeration: build.mutation<TModerationResult, string>({
      query: (message) => ({ url: '/admin/chat-moderation/test', method: 'POST', body: { message } }),
    }),
    /** A page of the monitor's feed, newest first (services/chat/README.md "Paged lists"). */
    chatMonitor: build.query<TChatMonitorPage, TChatMonitorListQuery>({
      query: (q) => `/admin/chat-messages?${chatMonitorParams(q)}`,
      providesTags: [CHAT_MONITOR_TAG],
    }),
    chatMonitorStats: build.query<TChatMonitorStats, void>({ query: () => '/admin/chat-messages/stats', providesTags: [CHAT_MONITOR_TAG] }),
  }),
});

export const { useBannedWordsQuery, useAddBannedWordsMutation, useRemoveBannedWordsMutation, useTestModerationMutation, useChatMonitorQuery, useChatMonitorStatsQuery } =
  chatAdminApi;
