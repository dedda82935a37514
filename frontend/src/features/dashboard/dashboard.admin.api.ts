import type { TAdminStats, TStatsRebuildResult } from '@platform/contracts';
import { api } from '../../app/api';

/**
 * The admin dashboard (GET /api/admin/stats; POST /api/admin/stats/rebuild, also `npm run stats:rebuild`). Loaded
 * only with the admin console. The figures come from the admin service's statistics read model.
 */
const dashboardTaggedApi = api.enhanceEndpoints({ addTagTypes: ['AdminStats'] });

export const dashboardApi = dashboardTaggedApi.injectEndpoints({
  endpoints: (build) => ({
    adminStats: build.query<TAdminStats, void>({
      query: () => '/admin/stats',
      providesTags: ['AdminStats'],
    }),
    rebuildStats: build.mutation<TStatsRebuildResult, void>({
      query: () => ({ url: '/admin/stats/rebuild', method: 'POST' }),
      invalidatesTags: ['AdminStats'],
    }),
  }),
});

export const { useAdminStatsQuery, useRebuildStatsMutation } = dashboardApi;
