import { api } from '../../app/api';

/** A stored e-mail template (admin service, spec 03 "email_templates"). */
export interface TEmailTemplate {
  id: string;
  name: string;
  subject: string;
  htmlContent: string;
  textContent: string;
  /** The Russian version (issue 28); null when there is none (Russian users get the English one). */
  subjectRu: string | null;
  htmlContentRu: string | null;
  textContentRu: string | null;
  variables: string[];
  /** For a built-in template, the placeholders its mail is given (a saved version may use no other); else empty. */
  placeholders: { name: string; required: boolean }[];
  createdAt: string;
  updatedAt: string;
}

/** The body of a creation; `variables` left out lets the server take them from the tags the template uses. */
export interface TEmailTemplateInput {
  name: string;
  subject: string;
  htmlContent: string;
  textContent: string;
  /** All three or none. */
  subjectRu?: string;
  htmlContentRu?: string;
  textContentRu?: string;
  variables?: string[];
}

/** An edit: the name is never sent (spec 03 s.5: it cannot be changed). */
export type TEmailTemplateChanges = Omit<TEmailTemplateInput, 'name'>;

const taggedApi = api.enhanceEndpoints({ addTagTypes: ['EmailTemplate'] });

/** GET/POST /api/admin/email-templates, PATCH …/{id}, POST …/defaults (loaded only with the admin console). */
export const emailTemplatesApi = taggedApi.injectEndpoints({
  endpoints: (build) => ({
    emailTemplates: build.query<TEmailTemplate[], void>({
      query: () => '/admin/email-templates',
      providesTags: ['EmailTemplate'],
    }),
    createEmailTemplate: build.mutation<TEmailTemplate, TEmailTemplateInput>({
      query: (body) => ({ url: '/admin/email-templates', method: 'POST', body }),
      invalidatesTags: ['EmailTemplate'],
    }),
    updateEmailTemplate: build.mutation<TEmailTemplate, { id: string; changes: TEmailTemplateChanges }>({
      query: ({ id, changes }) => ({ url: `/admin/email-templates/${encodeURIComponent(id)}`, method: 'PATCH', body: changes }),
      invalidatesTags: ['EmailTemplate'],
    }),
    createDefaultEmailTemplates: build.mutation<TEmailTemplate[], void>({
      query: () => ({ url: '/admin/email-templates/defaults', method: 'POST' }),
      invalidatesTags: ['EmailTemplate'],
    }),
  }),
});

export const { useEmailTemplatesQuery, useCreateEmailTemplateMutation, useUpdateEmailTemplateMutation, useCreateDefaultEmailTemplatesMutation } = emailTemplatesApi;
