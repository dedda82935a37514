import type { Logger, Pool } from '@platform/service-kit';
import type { TFileStorage } from '../data-access/file-storage.js';

/** What the use cases need; built once in start(). */
export interface TWorkDeps {
  pool: Pool;
  storage: TFileStorage;
  logger: Logger;
  autoApprovalDaysDefault: number;
  maxLiveAssignmentsDefault: number;
  assignmentTimeLimitHoursDefault: number;
}
