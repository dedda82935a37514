import { ZNewsChangedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { keepNews } from '../../domain/copies.use-case.js';

/** Queue (after QUEUE_PREFIX) of the news copy the assistants' offline generator reads (issue 13). */
export const NEWS_QUEUE = 'chat.news';
export const NEWS_ROUTING_KEYS = ['news.changed'] as const;

/** news.changed keeps the title and whether it is published; a deleted item is never mentioned again. */
export async function onNewsEvent(event: TEventEnvelope, client: PoolClient): Promise<void> {
  await keepNews(client, ZNewsChangedDataSchema.parse(event.data));
}
