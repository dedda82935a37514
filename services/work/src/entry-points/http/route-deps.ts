import type { createAuthHooks } from '@platform/service-kit';
import type { TWorkDeps } from '../../domain/deps.js';

export interface TRouteDeps {
  deps: TWorkDeps;
  hooks: ReturnType<typeof createAuthHooks>;
}
