import { ZUserPendingWorkSchema, type TUserPendingWork } from '@platform/contracts';
import { createInternalClient, type TInternalClientOptions } from '@platform/service-kit';

/** The work service's /internal/ API, as auth asks it (service-kit's internal client; the user's token forwarded). */
export interface TWorkClient {
  /** GET /internal/users/{id}/pending-work: assignments, submissions under review and task requests still open. */
  readPendingWork(userId: string, token: string): Promise<TUserPendingWork>;
}

export function createWorkClient(options: Omit<TInternalClientOptions, 'service'>): TWorkClient {
  const work = createInternalClient({ ...options, service: 'work' });
  return {
    readPendingWork: (userId, token) => work.get(`/internal/users/${encodeURIComponent(userId)}/pending-work`, { token, answer: ZUserPendingWorkSchema }),
  };
}
