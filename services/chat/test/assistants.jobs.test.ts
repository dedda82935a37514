import { eventually } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatHarness, type TChatHarness } from './helpers.js';

/**
 * Issue 13 item 3 with the real BullMQ job on two chat instances at once: time runs 100 times faster for the
 * assistants (15 s is 150 ms), the job ticks every 50 ms on each instance. Every run is taken once (the unique slot
 * and the conditional claim), runs are at least the 15 s floor apart, both instances take part, posting continues
 * after one instance stops (the schedule is in PostgreSQL), and disabling stops posting within one interval.
 */
const SPEED = 100;
const origin = Date.now();
const fastClock = () => new Date(origin + (Date.now() - origin) * SPEED);

let h: TChatHarness;
beforeAll(async () => {
  h = await startChatHarness('chat_assistant_jobs', { JOBS_ENABLED: 'true', ASSISTANT_TICK_MS: '50', ARCHIVE_INTERVAL_MS: '3600000' }, { now: fastClock });
});
afterAll(async () => {
  await h?.close();
});

const runs = () => h.query<{ due_at: Date; ran_at: Date; instance: string; posted: number }>('SELECT due_at, ran_at, instance, posted FROM chat_assistant_runs ORDER BY due_at');
const botCount = async () => Number((await h.query<{ n: string }>('SELECT count(*) AS n FROM chat_messages WHERE assistant_id IS NOT NULL'))[0]!.n);

describe('the assistant-tick job on two instances', () => {
  it('when enabled at the 15 s minimum, then runs are 15 s (simulated) apart, each taken once, by both instances; stopping one keeps the schedule; disabling stops it', async () => {
    await h.api('POST', '/api/admin/chat-assistants', { token: h.admin.token, body: { displayName: 'Job Bot' } });
    const settings = {
      aiEnabled: true,
      intervalSeconds: 15,
      intervalVarianceSeconds: 0,
      messagesPerIntervalMin: 1,
      messagesPerIntervalMax: 1,
      enableConsecutiveMessages: true,
      consecutiveMessageChance: 1,
      maxConsecutiveMessages: 10,
      replyEnabled: false,
    };
    expect((await h.api('PUT', '/api/admin/chat-settings', { token: h.admin.token, body: settings })).status).toBe(200);
    await eventually(async () => new Set((await runs()).map((r) => r.instance)).size === 2 && (await runs()).length >= 6, { timeoutMs: 20_000, what: 'runs on both instances' });

    const taken = await runs();
    for (let i = 1; i < taken.length; i += 1) expect(taken[i]!.ran_at.getTime() - taken[i - 1]!.ran_at.getTime()).toBeGreaterThanOrEqual(15_000);
    expect(taken.every((r) => r.posted <= 1)).toBe(true);

    // One instance goes away: the other carries on from the stored schedule.
    await h.b.stop();
    const before = (await runs()).length;
    await eventually(async () => (await runs()).length >= before + 2, { timeoutMs: 10_000, what: 'runs after instance B stopped' });

    // Disabled: within one interval (150 ms real) nothing more is posted.
    expect((await h.api('PUT', '/api/admin/chat-settings', { token: h.admin.token, body: { ...settings, aiEnabled: false } })).status).toBe(200);
    await eventually(async () => (await h.query<{ next_post_at: Date | null }>('SELECT next_post_at FROM chat_assistant_schedule'))[0]!.next_post_at === null, { what: 'the schedule to clear' });
    const frozen = await botCount();
    await new Promise((resolve) => setTimeout(resolve, 600)); // four simulated intervals: nothing may appear
    expect(await botCount()).toBe(frozen);
  });
});
