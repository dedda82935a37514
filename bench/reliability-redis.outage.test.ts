import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStack } from '../scripts/stack.js';
import { redisRestartedMidChat, startPrivateRedis, type TPrivateRedis, startReliabilityStack } from './lib/reliability.js';

/**
 * Issue 19 item 4 in CI: Redis restarted during a live chat on two chat instances. The stack runs on a redis-server
 * of this file's own (no persistence, as docker-compose.yml runs it), so restarting it harms no other test.
 * The longer run is `npm run bench:reliability -- redis` (bench/results/reliability.txt).
 */
let redis: TPrivateRedis;
let stack: TStack;

beforeAll(async () => {
  redis = await startPrivateRedis();
  stack = await startReliabilityStack(`rel_redis_test_${Date.now().toString(36)}`, { redisUrl: redis.url });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await redis?.close();
});

describe('Redis restarted mid-chat', () => {
  it('when Redis restarts while people chat, then every accepted message is stored once and reaches every listener once, a logged-out token stays refused and the job schedulers are back', async () => {
    const result = await redisRestartedMidChat(stack, redis, { senders: 3, listeners: 12, seconds: 8 });
    expect(result.accepted).toBeGreaterThan(10);
    expect(result).toMatchObject({ lost: 0, appliedTwice: 0 });
    expect(result.notes).toContain('a token logged out before the restart is still refused after it (401)');
    expect(result.notes.some((n) => n.startsWith('BullMQ job schedulers back in Redis'))).toBe(true);
  }, 240_000);
});
