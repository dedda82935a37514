import { randomUUID } from 'node:crypto';
import { eventually } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineGenerator } from '../src/domain/assistant-generators.js';
import { startChatHarness, type TChatHarness } from './helpers.js';

/** Issue 13 item 4: the offline generator's published news comes from the admin service's news.changed events. */
let h: TChatHarness;
beforeAll(async () => {
  h = await startChatHarness('chat_news');
});
afterAll(async () => {
  await h?.close();
});

const news = (data: { newsId: string; title: string; isPublished: boolean; deleted?: boolean; changedAt?: string }) =>
  h.envelope('news.changed', { deleted: false, createdAt: new Date().toISOString(), changedAt: new Date().toISOString(), ...data });

describe('news the assistants may mention', () => {
  it('when news is published, changed, unpublished or deleted, then the assistants know only the published titles, the newest event winning', async () => {
    const published = randomUUID();
    const draft = randomUUID();
    const removed = randomUUID();
    const earlier = new Date(Date.now() - 60_000).toISOString();
    await h.publish(
      news({ newsId: published, title: 'Payouts now run twice a week', isPublished: true }),
      news({ newsId: draft, title: 'A draft nobody should see', isPublished: false }),
      news({ newsId: removed, title: 'Withdrawn announcement', isPublished: true }),
      news({ newsId: removed, title: 'Withdrawn announcement', isPublished: true, deleted: true }),
    );
    await eventually(async () => (await h.query('SELECT 1 FROM chat_news')).length === 3, { what: 'the news copy' });
    // An older event arriving late changes nothing.
    await h.publish(news({ newsId: published, title: 'An older title', isPublished: false, changedAt: earlier }));
    await eventually(async () => (await h.query("SELECT 1 FROM inbox WHERE event_type = 'news.changed'")).length === 5, { what: 'the late event' });
    const context = await h.a.assistantDeps.context();
    expect(context.news).toEqual(['Payouts now run twice a week']);

    // The offline generator mentions it (no open tasks; a roll that picks news).
    const text = await createOfflineGenerator().generate({
      kind: 'post', language: 'english', assistantName: 'Helper', settings: undefined as never, context: { tasks: [], news: context.news }, recent: [], random: () => 0.3,
    });
    expect(text).toContain('"Payouts now run twice a week"');
  });
});
