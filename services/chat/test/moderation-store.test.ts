import { createLogger, type Pool } from '@platform/service-kit';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatBus, type TChatBus } from '../src/data-access/chat-bus.js';
import { createModerationStore, type TModerationStore } from '../src/domain/moderation-store.js';
import { startChatHarness, type TChatHarness } from './helpers.js';

/**
 * The banned words of two instances on one database, each store with a bus of its own Redis prefix, so an
 * announcement of one is never heard by the other: what a missed or late announcement looks like. (Behind the
 * gateway, an admin's add lands on one chat instance and the list's refetch on either; a journey saw the old list.)
 */
let h: TChatHarness;
const logger = createLogger({ service: 'moderation-store-test', level: 'silent' });
const redis: Redis[] = [];
const buses: TChatBus[] = [];
const stores: TModerationStore[] = [];

async function storeOn(pool: Pool, prefix: string): Promise<TModerationStore> {
  const client = new Redis(h.config.REDIS_URL, { keyPrefix: prefix });
  redis.push(client);
  const bus = await createChatBus({ redis: client, redisUrl: h.config.REDIS_URL, redisPrefix: prefix, logger });
  buses.push(bus);
  const store = await createModerationStore({ pool, bus, logger, refreshMs: 3_600_000 });
  stores.push(store);
  return store;
}

beforeAll(async () => {
  h = await startChatHarness('chat_moderation_store');
});
afterAll(async () => {
  for (const store of stores) store.stop();
  for (const bus of buses) await bus.stop();
  for (const client of redis) client.disconnect();
  await h?.close();
});

describe('the banned words on two instances', () => {
  it('when a word is added on one and the other misses the announcement, then the other\'s admin list and test box have it at once', async () => {
    const prefix = `${h.config.REDIS_PREFIX}store-${Date.now().toString(36)}`;
    const one = await storeOn(h.a.pool, `${prefix}-one:`);
    const other = await storeOn(h.a.pool, `${prefix}-other:`);
    await one.add(['hoax'], h.admin.id);
    expect(one.matcher().words).toContain('hoax');
    // The other's message matcher waits for an announcement or its timer, as documented ...
    expect(other.matcher().words).not.toContain('hoax');
    // ... but what an admin reads is what PostgreSQL holds.
    expect((await other.fresh()).words).toContain('hoax');
    expect((await other.fresh()).moderate('a h0ax').isAllowed).toBe(false);
    expect(other.matcher().words).toContain('hoax');
    await one.remove(['hoax']);
  });

  it('when an older reload answers after a newer one, then the newer words stay (no reload goes back in time)', async () => {
    let hold: Promise<void> | undefined;
    let release = () => {};
    // The real pool; a read of the list started while `hold` is set is answered only when it is released.
    const slow = {
      query: async (...args: Parameters<Pool['query']>) => {
        const gate = hold;
        const result = await (h.a.pool.query as (...a: unknown[]) => Promise<unknown>)(...args);
        if (gate) await gate;
        return result;
      },
    } as unknown as Pool;
    const prefix = `${h.config.REDIS_PREFIX}order-${Date.now().toString(36)}`;
    const writer = await storeOn(h.a.pool, `${prefix}-w:`);
    const reader = await storeOn(slow, `${prefix}-r:`);
    hold = new Promise<void>((resolve) => (release = resolve));
    const older = reader.reload(); // reads the list without "rigged", answered late
    hold = undefined;
    await writer.add(['rigged'], h.admin.id);
    await reader.reload(); // reads the list with "rigged", answered at once
    expect(reader.matcher().words).toContain('rigged');
    release();
    await older;
    expect(reader.matcher().words).toContain('rigged');
    await writer.remove(['rigged']);
  });
});
