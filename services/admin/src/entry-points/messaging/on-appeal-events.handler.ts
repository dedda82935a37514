import { ZAppealDecidedDataSchema, ZSubmissionAppealedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { notifyAppealDecided, notifyAppealReceived } from '../../domain/appeal-mail.use-case.js';
import type { TMailDeps } from '../../domain/deps.js';

/** submission.appealed: confirm the appeal to the worker by e-mail. */
export function createOnSubmissionAppealedHandler(deps: TMailDeps) {
  return async function onSubmissionAppealed(event: TEventEnvelope, client: PoolClient): Promise<void> {
    await notifyAppealReceived(client, deps, event.id, ZSubmissionAppealedDataSchema.parse(event.data));
  };
}

/** appeal.decided: e-mail the worker the decision. */
export function createOnAppealDecidedHandler(deps: TMailDeps) {
  return async function onAppealDecided(event: TEventEnvelope, client: PoolClient): Promise<void> {
    await notifyAppealDecided(client, deps, event.id, ZAppealDecidedDataSchema.parse(event.data));
  };
}
