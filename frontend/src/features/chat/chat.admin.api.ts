import type { TChatMonitor, TChatMonitorFilter, TModerationResult } from '@platform/contracts';
import { api } from '../../app/api';

/** Admin: Chat Moderation and Chat Monitor (spec 03 s.7; services/chat/README.md). In the admin chunk only. */
const chatAdminTaggedApi = api.enhanceEndpoints({ addTagTypes: ['BannedWords', 'ChatMonitor'] });

export const chatAdminApi = chatAdminTaggedApi.injectEndpoints({
  endpoints: (build) => ({
    bannedWords: build.query<string[], void>({ query: () => '/admin/chat-moderation/banned-words', providesTags: ['BannedWords'] }),
    addBannedWords: build.mutation<string[], string[]>({
      query: (words) => ({ url: '/admin/chat-moderation/banned-words', method: 'POST', body: { words } }),
      invalidatesTags: ['BannedWords', 'ChatMonitor'],
    }),
    removeBannedWords: build.mutation<string[], string[]>({
      query: (words) => ({ url: '/admin/chat-moderation/banned-words', method: 'DELETE', body: { words } }),
      invalidatesTags: ['BannedWords', 'ChatMonitor'],
    }),
    testModeration: build.mutation<TModerationResult, string>({
      query: (message) => ({ url: '/admin/chat-moderation/test', method: 'POST', body: { message } }),
    }),
    chatMonitor: build.query<TChatMonitor, TChatMonitorFilter>({
      query: (filter) => `/admin/chat-messages?filter=${filter}`,
      providesTags: ['ChatMonitor'],
    }),
  }),
});

export const { useBannedWordsQuery, useAddBannedWordsMutation, useRemoveBannedWordsMutation, useTestModerationMutation, useChatMonitorQuery } = chatAdminApi;
