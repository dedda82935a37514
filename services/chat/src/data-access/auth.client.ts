import { ZInternalUserProfileSchema, type TInternalUserProfile } from '@platform/contracts';
import { AppError, createInternalClient, type TInternalClientOptions } from '@platform/service-kit';

/** The identity service's /internal/ API, as chat asks it (service-kit's internal client; the user's own token forwarded). */
export interface TAuthClient {
  /**
   * GET /internal/users/{id}/profile: the names, role and standing of a user chat has no copy of yet; undefined when
   * auth does not know them (404). Auth not answering is 503 SERVICE.UNAVAILABLE.
   */
  findProfile(userId: string, token: string): Promise<TInternalUserProfile | undefined>;
}

export function createAuthClient(options: Omit<TInternalClientOptions, 'service'>): TAuthClient {
  const auth = createInternalClient({ ...options, service: 'auth' });
  return {
    async findProfile(userId, token) {
      try {
        return await auth.get(`/internal/users/${encodeURIComponent(userId)}/profile`, { token, answer: ZInternalUserProfileSchema });
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return undefined;
        throw error;
      }
    },
  };
}
