import type { TChatAssistant, TChatSettingsView, TCreateAssistantRequest, TUpdateAssistantRequest, TUpdateChatSettingsRequest } from '@platform/contracts';
import { api } from '../../app/api';
import { CHAT_MONITOR_TAG } from './chat.admin.api';

/** Admin > Chat Management (spec 03 s.7; issue 13): assistants and their settings. In the admin chunk only. */
const assistantsTaggedApi = api.enhanceEndpoints({ addTagTypes: ['ChatAssistants', 'ChatSettings', CHAT_MONITOR_TAG] });

export const assistantsApi = assistantsTaggedApi.injectEndpoints({
  endpoints: (build) => ({
    chatAssistants: build.query<TChatAssistant[], void>({ query: () => '/admin/chat-assistants', providesTags: ['ChatAssistants'] }),
    createChatAssistant: build.mutation<TChatAssistant, TCreateAssistantRequest>({
      query: (body) => ({ url: '/admin/chat-assistants', method: 'POST', body }),
      invalidatesTags: ['ChatAssistants'],
    }),
    updateChatAssistant: build.mutation<TChatAssistant, { id: string; body: TUpdateAssistantRequest }>({
      query: ({ id, body }) => ({ url: `/admin/chat-assistants/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: ['ChatAssistants', CHAT_MONITOR_TAG],
    }),
    deleteChatAssistant: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/admin/chat-assistants/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['ChatAssistants'],
    }),
    chatSettings: build.query<TChatSettingsView, void>({ query: () => '/admin/chat-settings', providesTags: ['ChatSettings'] }),
    saveChatSettings: build.mutation<TChatSettingsView, TUpdateChatSettingsRequest>({
      query: (body) => ({ url: '/admin/chat-settings', method: 'PUT', body }),
      invalidatesTags: ['ChatSettings'],
    }),
  }),
});

export const {
  useChatAssistantsQuery,
  useCreateChatAssistantMutation,
  useUpdateChatAssistantMutation,
  useDeleteChatAssistantMutation,
  useChatSettingsQuery,
  useSaveChatSettingsMutation,
} = assistantsApi;
