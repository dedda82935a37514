import { AppError } from '@platform/service-kit';

/** Errors of the dashboard statistics: stable codes, HTTP statuses and the message the screen shows. */
export const STATS_ERRORS = {
  /** A service the rebuild reads from did not answer (or is not configured): nothing was changed. */
  sourceUnavailable: (service: string) =>
    new AppError('STATS.SOURCE_UNAVAILABLE', 502, `The ${service} service did not answer; the statistics were not rebuilt`, undefined, undefined, { service }),
};
