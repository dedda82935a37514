import { ZNewsChangedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { saveNews } from '../../data-access/news.repository.js';

/** Queue (after QUEUE_PREFIX) of the news copy the assistants' offline generator reads (issue 13). */
export const NEWS_QUEUE = 'chat.news';
export const NEWS_ROUTING_KEYS = ['news.changed'] as const;

/** news.changed keeps the title and whether it is published; a deleted item is never mentioned again. */
export async function onNewsEvent(event: TEventEnvelope, client: PoolClient): Promise<void> {
  const data = ZNewsChangedDataSchema.parse(event.data);
  await saveNews(client, data, data.changedAt);
}
