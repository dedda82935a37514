import type { TSystemSetting, TUpdateSystemSettingRequest, TWelcomeVideo } from '@platform/contracts';
import { api, API_TAGS } from '../../app/api';

const settingsTaggedApi = api.enhanceEndpoints({ addTagTypes: ['AdminSetting', 'WelcomeVideo'] });

/**
 * System Settings (spec 03; admin service), loaded only with the admin console. A settings change refreshes the
 * settings, the public settings the worker screens read, and the audit log.
 */
export const settingsAdminApi = settingsTaggedApi.injectEndpoints({
  endpoints: (build) => ({
    adminSettings: build.query<TSystemSetting[], void>({
      query: () => '/admin/settings',
      providesTags: ['AdminSetting'],
    }),
    updateSetting: build.mutation<TSystemSetting, TUpdateSystemSettingRequest>({
      query: (body) => ({ url: '/admin/settings', method: 'POST', body }),
      invalidatesTags: ['AdminSetting', API_TAGS.publicSettings, API_TAGS.auditLog],
    }),
    resetSettings: build.mutation<TSystemSetting[], void>({
      query: () => ({ url: '/admin/settings/reset', method: 'POST' }),
      invalidatesTags: ['AdminSetting', API_TAGS.publicSettings, API_TAGS.auditLog],
    }),

    /** The welcome video (issue 28): what /assets/welcome-video serves, and the upload limit. */
    welcomeVideo: build.query<TWelcomeVideo, void>({
      query: () => '/admin/settings/welcome-video',
      providesTags: ['WelcomeVideo'],
    }),
    /** POST …/welcome-video as multipart, the file in the part `video` (the server checks its bytes and size). */
    uploadWelcomeVideo: build.mutation<TWelcomeVideo, File>({
      query: (file) => {
        const body = new FormData();
        body.append('video', file, file.name);
        return { url: '/admin/settings/welcome-video', method: 'POST', body };
      },
      invalidatesTags: ['WelcomeVideo', API_TAGS.auditLog],
    }),
  }),
});

export const { useAdminSettingsQuery, useUpdateSettingMutation, useResetSettingsMutation, useWelcomeVideoQuery, useUploadWelcomeVideoMutation } = settingsAdminApi;
