import { defineJob } from '@platform/service-kit';
import { z } from 'zod';
import { runAssistantTick, type TAssistantDeps } from '../../domain/assistants.use-case.js';

export const ASSISTANT_TICK_JOB = 'assistant-tick';

/**
 * The assistants' scheduler (issue 13 item 3): a BullMQ job scheduler runs one tick every `tickMs` on whichever
 * instance's worker takes it. The tick itself decides what is due from PostgreSQL (the next run's time, the
 * questions not yet decided) and claims it with a conditional update, so two instances never post one run twice,
 * a restart continues from the stored schedule, and disabling stops posting at the next tick.
 */
export function assistantJobs(deps: TAssistantDeps, options: { tickMs: number }) {
  return [
    defineJob({
      name: ASSISTANT_TICK_JOB,
      payload: z.object({}),
      every: options.tickMs,
      handle: async () => runAssistantTick(deps),
    }),
  ];
}
