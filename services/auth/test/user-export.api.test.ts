import { createRedis, type Redis } from '@platform/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TTestService } from './helpers.js';

/** Data exports are bounded (issue 26 item 6: 30 exports in 0.55 s, all kept 24 h in Redis). */
let t: TTestService;
let redis: Redis;

beforeAll(async () => {
  t = await startTestService('auth_user_export');
  redis = createRedis(t.env.env.REDIS_URL!, t.env.env.REDIS_PREFIX ?? '');
});
afterAll(async () => {
  redis?.disconnect();
  await t?.close();
});

/** The export keys of one user in Redis (files and the ticket), without the client's prefix. */
async function exportKeysOf(userId: string): Promise<string[]> {
  const prefix = t.env.env.REDIS_PREFIX ?? '';
  const keys = await redis.keys(`${prefix}user-export:${userId}:*`);
  return keys.map((k) => k.slice(prefix.length)).sort();
}

describe('POST /api/user/export', () => {
  it('when one user asks for 30 exports at once, then one is assembled at a time, at most 3 a day, and the others are refused (409 while one is, 429 past the day)', async () => {
    const worker = await t.registerWorker();
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 30 }, () => t.api('POST', '/api/user/export', { token: worker.token })));
    const statuses = answers.map((a) => a.status);
    console.log(`30 parallel exports in ${Math.round(performance.now() - started)} ms:`, [201, 409, 429].map((s) => `${s} x${statuses.filter((x) => x === s).length}`).join(', '));
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(3);
    expect(statuses.every((s) => [201, 409, 429].includes(s))).toBe(true);
    const busy = answers.find((a) => a.status === 409);
    expect(busy?.body).toEqual({ code: 'EXPORT.IN_PROGRESS', message: 'Your data export is already being prepared. Please wait a moment.' });
    // Only the latest file and its ticket are kept.
    expect(await exportKeysOf(worker.user.id)).toHaveLength(2);
  });

  it('when a user has generated 3 exports today, then the 4th is 429 with Retry-After, and only the latest download is offered', async () => {
    const worker = await t.registerWorker();
    const tickets: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.api('POST', '/api/user/export', { token: worker.token });
      expect(res.status).toBe(201);
      tickets.push(res.body.id as string);
    }
    const fourth = await t.api('POST', '/api/user/export', { token: worker.token });
    expect(fourth.status).toBe(429);
    expect(fourth.body.code).toBe('REQUEST.RATE_LIMITED');
    expect(fourth.body.message).toMatch(/^Too many data exports today\. Please try again in \d+ minutes\.$/);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);

    expect((await t.api('GET', `/api/user/export/${tickets[0]}`, { token: worker.token })).status).toBe(404);
    expect((await t.api('GET', `/api/user/export/${tickets[1]}`, { token: worker.token })).status).toBe(404);
    const latest = await t.api('GET', `/api/user/export/${tickets[2]}`, { token: worker.token });
    expect(latest.status).toBe(200);
    expect(latest.body.userId).toBe(worker.user.id);
    expect((await t.api('GET', '/api/user/export', { token: worker.token })).body.export.id).toBe(tickets[2]);
    expect(await exportKeysOf(worker.user.id)).toEqual([`user-export:${worker.user.id}:${tickets[2]}`, `user-export:${worker.user.id}:latest`]);

    // Another user is counted apart.
    const other = await t.registerWorker();
    expect((await t.api('POST', '/api/user/export', { token: other.token })).status).toBe(201);
  });
});
