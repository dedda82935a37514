import { ZServiceExportSchema, type TServiceExport } from '@platform/contracts';
import { createInternalClient, type TInternalClientOptions } from '@platform/service-kit';
import { z } from 'zod';

/** Every service's GET /internal/users/{id}/export answers `{service, userId, records}`. */
const ZExportPartSchema = z.object({ records: ZServiceExportSchema.optional() });

/** One service asked for its part of a user's data export (service-kit's internal client; the user's token forwarded). */
export interface TUserExportSource {
  readonly service: string;
  /** GET /internal/users/{id}/export: the records the service holds about the user, by name. */
  readPart(userId: string, token: string): Promise<TServiceExport>;
}

/** The sources by service name and base URL (config USER_EXPORT_SOURCES and PAYOUTS_INTERNAL_URL). */
export function createUserExportSources(urls: Readonly<Record<string, string>>, options: Omit<TInternalClientOptions, 'service' | 'baseUrl'>): TUserExportSource[] {
  return Object.entries(urls).map(([service, baseUrl]) => {
    const client = createInternalClient({ ...options, service, baseUrl });
    return {
      service,
      readPart: async (userId, token) =>
        (await client.get(`/internal/users/${encodeURIComponent(userId)}/export`, { token, answer: ZExportPartSchema })).records ?? {},
    };
  });
}
