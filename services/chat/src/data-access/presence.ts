import { randomUUID } from 'node:crypto';
import type { Logger, Redis } from '@platform/service-kit';

/** How long an instance's word that a user is connected lasts without being renewed (a crashed instance's fades). */
export const PRESENCE_TTL_MS = 60_000;
const RENEW_EVERY_MS = 20_000;

export interface TPresence {
  /** A socket of the user authenticated on this instance. */
  connected(userId: string): void;
  /** A socket of the user closed on this instance. */
  disconnected(userId: string): void;
  /** The user has an authenticated socket on any chat instance (per Redis). */
  isOnline(userId: string): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * Who is connected to the chat, across every instance (the support desk e-mails only a worker who is not). Each user
 * is a sorted set `chat:presence:<userId>` (under the Redis prefix) whose members are instances, scored by when their
 * word expires; an instance renews its users every 20 s and removes itself when the user's last socket on it
 * closes, so an instance that dies stops counting within PRESENCE_TTL_MS.
 */
export function createPresence(options: { redis: Redis; logger: Logger; instanceId?: string }): TPresence {
  const { redis, logger } = options;
  const instance = options.instanceId ?? randomUUID();
  const local = new Map<string, number>();
  const key = (userId: string) => `chat:presence:${userId}`;

  const announce = async (userIds: string[]): Promise<void> => {
    if (userIds.length === 0) return;
    const until = Date.now() + PRESENCE_TTL_MS;
    const pipeline = redis.pipeline();
    for (const userId of userIds) {
      pipeline.zadd(key(userId), until, instance);
      pipeline.pexpire(key(userId), PRESENCE_TTL_MS * 2);
    }
    await pipeline.exec();
  };
  const warn = (error: unknown) => logger.warn({ err: error }, 'chat: presence not written to Redis');

  const renew = setInterval(() => {
    void announce([...local.keys()]).catch(warn);
  }, RENEW_EVERY_MS);
  renew.unref();

  return {
    connected(userId) {
      local.set(userId, (local.get(userId) ?? 0) + 1);
      void announce([userId]).catch(warn);
    },
    disconnected(userId) {
      const left = (local.get(userId) ?? 1) - 1;
      if (left > 0) {
        local.set(userId, left);
        return;
      }
      local.delete(userId);
      void redis.zrem(key(userId), instance).catch(warn);
    },
    async isOnline(userId) {
      return (await redis.zcount(key(userId), Date.now(), '+inf')) > 0;
    },
    async stop() {
      clearInterval(renew);
      const users = [...local.keys()];
      local.clear();
      if (users.length === 0) return;
      const pipeline = redis.pipeline();
      for (const userId of users) pipeline.zrem(key(userId), instance);
      await pipeline.exec().catch(warn);
    },
  };
}
