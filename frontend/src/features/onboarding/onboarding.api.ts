import type { TUser } from '@platform/contracts';
import { api, API_TAGS } from '../../app/api';

export interface TRequiredDocument {
  id: string;
  title: string;
  version: string;
  content: string;
  updatedAt: string;
  accepted?: boolean;
}

export interface TCompanyDocument {
  id: string;
  title: string;
  version: string;
  content: string;
  updatedAt: string;
}

export const onboardingApi = api.injectEndpoints({
  endpoints: (build) => ({
    welcomeStatus: build.query<{ shouldShowWelcome: boolean }, void>({
      query: () => '/user/welcome-status',
      providesTags: [API_TAGS.welcomeStatus],
    }),
    markWelcomeShown: build.mutation<unknown, void>({
      // keepalive: sent while the page is being left (closed, reloaded, another address typed), it still arrives.
      query: () => ({ url: '/user/mark-welcome-shown', method: 'POST', keepalive: true }),
    }),
    requiredDocuments: build.query<TRequiredDocument[], void>({
      query: () => '/documents/required',
      providesTags: [API_TAGS.requiredDocuments],
    }),
    acceptDocument: build.mutation<unknown, { id: string; userAgent: string }>({
      query: ({ id, userAgent }) => ({ url: `/documents/${encodeURIComponent(id)}/accept`, method: 'POST', body: { userAgent } }),
    }),
    completeDocuments: build.mutation<TUser, void>({
      query: () => ({ url: '/user/documents-completed', method: 'POST' }),
      invalidatesTags: [API_TAGS.requiredDocuments],
    }),
    document: build.query<TCompanyDocument, string>({
      query: (id) => `/documents/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: API_TAGS.document, id }],
    }),
  }),
});

export const {
  useRequiredDocumentsQuery,
  useAcceptDocumentMutation,
  useCompleteDocumentsMutation,
  useMarkWelcomeShownMutation,
  useDocumentQuery,
} = onboardingApi;
