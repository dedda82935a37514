import type { TAuthResponse, TLanguage, TUser, TUserLanguage } from '@platform/contracts';
import { api, API_TAGS } from '../../app/api';

export interface TLoginRequest {
  email: string;
  password: string;
}

export interface TRegisterRequest {
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  telegramUsername?: string;
  referralSource?: string;
  /** The interface's language: the user's e-mails go out in it. */
  language?: TLanguage;
}

export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<TAuthResponse, TLoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    register: build.mutation<TAuthResponse, TRegisterRequest>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
    }),
    me: build.query<TUser, void>({
      query: () => '/auth/me',
      providesTags: [API_TAGS.me],
    }),
    /** PUT /api/user/language: the language of the user's e-mails, saved when the interface's language is switched. */
    setLanguage: build.mutation<TUserLanguage, TLanguage>({
      query: (language) => ({ url: '/user/language', method: 'PUT', body: { language } }),
    }),
    logout: build.mutation<unknown, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
    forgotPassword: build.mutation<{ message?: string }, { email: string }>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
    }),
    validateResetToken: build.mutation<{ valid: boolean; email?: string }, { token: string }>({
      query: (body) => ({ url: '/auth/validate-reset-token', method: 'POST', body }),
    }),
    resetPassword: build.mutation<{ message?: string }, { token: string; newPassword: string }>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useSetLanguageMutation,
  useLogoutMutation,
  useForgotPasswordMutation,
  useValidateResetTokenMutation,
  useResetPasswordMutation,
} = sessionApi;
