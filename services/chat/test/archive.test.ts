import { eventually } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveOldMessages } from '../src/domain/archive.use-case.js';
import { post, startChatHarness, type TChatHarness, type TTestUser } from './helpers.js';

let h: TChatHarness;
let worker: TTestUser;
beforeAll(async () => {
  // Both instances run the archive job every 200 ms (BullMQ gives each run to one of them).
  h = await startChatHarness('chat_archive', { JOBS_ENABLED: 'true', ARCHIVE_INTERVAL_MS: '200', ARCHIVE_BATCH_SIZE: '3', SEND_LIMIT_MESSAGES: '100' });
  worker = await h.newUser({ firstName: 'Old', lastName: 'Timer' });
});
afterAll(async () => {
  await h?.close();
});

const ageMessages = (ids: number[], days: number) => h.query(`UPDATE chat_messages SET created_at = now() - make_interval(days => $2) WHERE id = ANY($1::bigint[])`, [ids, days]);

describe('archive job (chat_archive_days)', () => {
  it('when general-room messages are older than the setting, then the job moves them in batches and the history reads across the boundary seamlessly', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push((await post(h, worker, `message ${i}`)).id);
    const reply = await post(h, worker, 'replying to an old one', { replyToId: ids[0] });
    await ageMessages(ids.slice(0, 7), 91);

    await eventually(async () => (await h.query<{ n: number }>('SELECT count(*)::int AS n FROM chat_messages_archive'))[0]!.n === 7, { timeoutMs: 15_000, what: 'the job to archive seven messages' });
    expect(await h.query<{ n: number }>('SELECT count(*)::int AS n FROM chat_messages WHERE id = ANY($1::bigint[])', [ids.slice(0, 7)])).toEqual([{ n: 0 }]);

    const newest = await h.api('GET', '/api/chat/messages?limit=3', { token: worker.token });
    expect(newest.body.messages.map((m: { id: number }) => m.id)).toEqual([ids[6], ids[7], reply.id]);
    expect(newest.body.messages[2].replyTo).toMatchObject({ id: ids[0], content: 'message 0', senderName: 'Old Timer' });
    const older = await h.api('GET', `/api/chat/messages?before=${ids[6]}&limit=10`, { token: worker.token, instance: h.b });
    expect(older.body).toMatchObject({ hasMore: false });
    expect(older.body.messages.map((m: { id: number }) => m.id)).toEqual(ids.slice(0, 6));
    const after = await h.api('GET', `/api/chat/messages?after=${ids[2]}&limit=100`, { token: worker.token });
    expect(after.body.messages.map((m: { id: number }) => m.id)).toEqual([...ids.slice(3), reply.id]);
  });

  it('when chat_archive_days changes (settings.changed), then the job uses the new age; a run at the same time as another moves each message once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await post(h, worker, `recent ${i}`)).id);
    await ageMessages(ids, 10);
    const deps = h.a.deps;
    expect((await archiveOldMessages(deps, { batchSize: 100 })).moved).toBe(0);
    await h.publish(h.envelope('settings.changed', { key: 'chat_archive_days', value: '7', previousValue: '90' }));
    await eventually(async () => (await h.query('SELECT 1 FROM settings WHERE key = $1 AND value = $2', ['chat_archive_days', '7'])).length > 0, { what: 'the setting copy' });
    const runs = await Promise.all([archiveOldMessages(deps, { batchSize: 2 }), archiveOldMessages(h.b.deps, { batchSize: 2 })]);
    const archived = await h.query<{ id: string }>('SELECT id FROM chat_messages_archive WHERE id = ANY($1::bigint[])', [ids]);
    // Whatever the scheduled job took meanwhile, each message is in exactly one table, once.
    expect(archived.map((r) => Number(r.id)).sort((x, y) => x - y)).toEqual(ids);
    expect(runs.every((r) => r.days === 7)).toBe(true);
    expect(await h.query('SELECT id FROM chat_messages WHERE id = ANY($1::bigint[])', [ids])).toEqual([]);
  });
});
