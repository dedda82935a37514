import { randomUUID } from 'node:crypto';
import { USER_EXPORT_TTL_HOURS, type TUserExport, type TUserExportTicket } from '@platform/contracts';
import { RateLimitedError, readUserExport, type Logger, type Pool, type Redis } from '@platform/service-kit';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { TUserExportSource } from '../data-access/user-export.client.js';
import { AUTH_USER_EXPORT } from '../data-access/user-export.repository.js';
import { AUTH_ERRORS } from './auth.errors.js';
import { openImage, sealImage, type TKeyRing } from './envelope-crypto.js';

export interface TExportDeps {
  pool: Pool;
  redis: Redis;
  logger: Logger;
  keyRing: TKeyRing;
  /** The other services asked for their part (each's GET /internal/users/{id}/export). */
  sources: readonly TUserExportSource[];
  /** Counts the exports generated per user per day (createExportCounter). */
  exportCounter: TExportCounter;
}

/** Exports generated per user per day, counted in Redis (`ratelimit:user-export:<userId>`, rate-limiter-flexible). */
export interface TExportCounter {
  /** Counts one export; 429 with Retry-After when the user has had `perDay` today. */
  count(userId: string): Promise<void>;
}

export function createExportCounter(redis: Redis, perDay: number): TExportCounter {
  const limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: 'ratelimit:user-export', points: perDay, duration: 24 * 3600 });
  return {
    async count(userId) {
      try {
        await limiter.consume(userId);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw new RateLimitedError('data exports today', Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
        throw error;
      }
    },
  };
}

const TTL_SECONDS = USER_EXPORT_TTL_HOURS * 3600;
const ticketKey = (userId: string) => `user-export:${userId}:latest`;
const fileKey = (userId: string, id: string) => `user-export:${userId}:${id}`;
const generatingKey = (userId: string) => `user-export:${userId}:generating`;
/** Longest an export may take to assemble before another may start (each part times out after INTERNAL_API_TIMEOUT_MS). */
const GENERATING_LOCK_SECONDS = 120;


/**
 * POST /api/user/export: assembles everything every service holds about the user (its own tables, then each
 * service's /internal/users/:id/export with the user's own token) into one JSON document, stores it encrypted in
 * Redis for 24 hours, and answers where it waits. A service that does not answer is named in `missing`.
 *
 * Bounded (issue 26): one export is assembled at a time per user (409 while one is), at most USER_EXPORTS_PER_DAY
 * per user per day (429), and only the latest is kept: the previous file is deleted when the new one is stored.
 */
export async function createUserExport(deps: TExportDeps, userId: string, token: string): Promise<TUserExportTicket> {
  if ((await deps.redis.set(generatingKey(userId), '1', 'EX', GENERATING_LOCK_SECONDS, 'NX')) !== 'OK') throw AUTH_ERRORS.exportInProgress();
  try {
    await deps.exportCounter.count(userId);
    return await assembleUserExport(deps, userId, token);
  } finally {
    await deps.redis.del(generatingKey(userId));
  }
}

async function assembleUserExport(deps: TExportDeps, userId: string, token: string): Promise<TUserExportTicket> {
  const services: Record<string, Record<string, unknown>> = { auth: await readUserExport(deps.pool, userId, AUTH_USER_EXPORT) };
  const missing: string[] = [];
  await Promise.all(
    deps.sources.map(async (source) => {
      try {
        services[source.service] = await source.readPart(userId, token);
      } catch (error) {
        deps.logger.warn({ err: error, service: source.service }, 'a service did not answer the data export');
        missing.push(source.service);
      }
    }),
  );
  const generatedAt = new Date();
  const expiresAt = new Date(generatedAt.getTime() + TTL_SECONDS * 1000);
  const id = randomUUID();
  const document: TUserExport = { userId, generatedAt: generatedAt.toISOString(), expiresAt: expiresAt.toISOString(), services, missing: missing.sort() };
  const sealed = sealImage(deps.keyRing, Buffer.from(JSON.stringify(document, null, 2)), `export/${userId}/${id}`);
  const stored = JSON.stringify({
    keyId: sealed.keyId,
    wrappedKey: sealed.wrappedKey.toString('base64'),
    iv: sealed.iv.toString('base64'),
    authTag: sealed.authTag.toString('base64'),
    ciphertext: sealed.ciphertext.toString('base64'),
  });
  const ticket: TUserExportTicket = { id, generatedAt: document.generatedAt, expiresAt: document.expiresAt, missing: document.missing };
  const previous = await findLatestUserExport(deps, userId);
  const store = deps.redis.multi().set(fileKey(userId, id), stored, 'EX', TTL_SECONDS).set(ticketKey(userId), JSON.stringify(ticket), 'EX', TTL_SECONDS);
  // One live export per user: the one it replaces is deleted with it.
  if (previous) store.del(fileKey(userId, previous.id));
  await store.exec();
  return ticket;
}

/** GET /api/user/export: the download still offered (the latest, within 24 hours), or null. */
export async function findLatestUserExport(deps: Pick<TExportDeps, 'redis'>, userId: string): Promise<TUserExportTicket | null> {
  const text = await deps.redis.get(ticketKey(userId));
  return text ? (JSON.parse(text) as TUserExportTicket) : null;
}

/** GET /api/user/export/{id}: the JSON file, only to the user it belongs to (the key is per user). */
export async function readUserExportFile(deps: Pick<TExportDeps, 'redis' | 'keyRing'>, userId: string, id: string): Promise<Buffer> {
  const text = await deps.redis.get(fileKey(userId, id));
  if (!text) throw AUTH_ERRORS.exportNotFound();
  const s = JSON.parse(text) as Record<string, string>;
  return openImage(
    deps.keyRing,
    {
      keyId: s.keyId!,
      wrappedKey: Buffer.from(s.wrappedKey!, 'base64'),
      iv: Buffer.from(s.iv!, 'base64'),
      authTag: Buffer.from(s.authTag!, 'base64'),
      ciphertext: Buffer.from(s.ciphertext!, 'base64'),
    },
    `export/${userId}/${id}`,
  );
}
