import type { TRouteDeps as TServiceRouteDeps } from '@platform/service-kit';
import type { TChatDeps } from '../../domain/deps.js';

export type TRouteDeps = TServiceRouteDeps<TChatDeps>;
