import type { TPublicBranding } from '@platform/contracts';
import { api } from '../../app/api';

/** GET /api/public/branding (no token needed): the platform's name from System Settings (platform_name). */
export const brandingApi = api.injectEndpoints({
  endpoints: (build) => ({
    publicBranding: build.query<TPublicBranding, void>({
      query: () => '/public/branding',
    }),
  }),
});

export const { usePublicBrandingQuery } = brandingApi;
