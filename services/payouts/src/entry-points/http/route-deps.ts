import type { createAuthHooks } from '@platform/service-kit';
import type { TPayoutsDeps } from '../../domain/deps.js';

export interface TRouteDeps {
  deps: TPayoutsDeps;
  hooks: ReturnType<typeof createAuthHooks>;
}
