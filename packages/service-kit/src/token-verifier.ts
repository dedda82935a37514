import { createPublicKey, randomUUID, verify as verifySignature, type KeyObject } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import { ZAccessTokenClaimsSchema, type TRole } from '@platform/contracts';
import { normalisePem } from './config.js';
import { AppError } from './errors.js';
import type { Logger } from './logger.js';
import type { Redis } from './redis.js';

/** The only signature algorithm accepted: Ed25519. `none`, HS* and every other algorithm are refused. */
export const JWT_ALGORITHM = 'EdDSA';
export const ACCESS_TOKEN_TTL_SECONDS = 7 * 24 * 3600;

export interface TAuthUser {
  userId: string;
  role: TRole;
  jti: string;
  /** Seconds since the epoch at which the token expires. */
  exp: number;
}

/**
 * How long a verifier trusts its memory of verified tokens after its revocation subscription last proved itself up to
 * date: a PING sent on the subscription and answered. Redis answers a connection in order, so every revocation
 * published before the PING reached Redis was delivered (and forgotten) before the answer. A verifier whose
 * subscription has not answered for this long (stalled event loop, slow network) reads Redis for every token until it
 * answers again. It is also the longest a revocation waits for a verifier that does not confirm it (announceRevocation).
 */
export const REVOCATION_LEASE_MS = 1_000;
/** How often a verifier renews its lease (a PING on its subscription): well inside the lease. */
const LEASE_RENEW_MS = REVOCATION_LEASE_MS / 4;
/** How long a confirmation counter lives (far longer than anyone waits for it). */
const ACK_TTL_MS = 60_000;

const revokedJtiKey = (jti: string) => `revoked:jti:${jti}`;
const revocationAckKey = (id: string) => `revocation-ack:${id}`;
const revokedUserKey = (userId: string) => `revoked:user:${userId}`;
/** Pub/sub channel names are not prefixed by ioredis: the channel carries the client's key prefix itself. */
const revocationChannel = (redis: Redis) => `${typeof redis.options.keyPrefix === 'string' ? redis.options.keyPrefix : ''}revocations`;

type TRevocation = { jti: string } | { userId: string };
/** On the channel: the revocation, and the id under which each verifier that heard it confirms it has forgotten it. */
type TRevocationMessage = TRevocation & { ack?: string };

/**
 * What a verifier's revocation listeners hear: one token (`jti`), every token of a user issued until now (`userId`),
 * or `all` after a gap in the revocation subscription (Redis restarted: revocations may have been missed, check
 * every token you hold again).
 */
export type TRevocationNotice = TRevocation | { all: true };

/**
 * The verifiers made with each Redis client: a revocation made through that client reaches them synchronously,
 * so within one process a revoked token is refused at once (read-your-writes); other processes hear it on pub/sub.
 */
const localVerifiers = new WeakMap<Redis, Set<(revocation: TRevocation) => void>>();

function tellLocalVerifiers(redis: Redis, revocation: TRevocation): void {
  for (const forget of localVerifiers.get(redis) ?? []) forget(revocation);
}

export interface TTokenVerifierOptions {
  publicKeyPem: string;
  audience: string;
  issuer: string;
  redis: Redis;
  logger?: Logger;
  /** Verified tokens remembered (until their expiry). Default 10,000; 0 turns the cache off. */
  cacheSize?: number;
}

export interface TTokenVerifier {
  verify(token: string): Promise<TAuthUser>;
  /**
   * Calls the listener whenever a revocation is announced (made in this process, or heard on the Redis channel),
   * so a holder of long-lived connections can end the revoked ones at once. Answers a function that removes it.
   */
  onRevocation(listener: (notice: TRevocationNotice) => void): () => void;
  /** Ends the revocation subscription. */
  stop(): Promise<void>;
}

const INVALID = () => new AppError('AUTH.INVALID_TOKEN', 401, 'Invalid authentication token');
const EXPIRED = () => new AppError('AUTH.TOKEN_EXPIRED', 401, 'Your session has expired. Please log in again.');
const REVOKED = () => new AppError('AUTH.TOKEN_REVOKED', 401, 'Your session has ended. Please log in again.');

/**
 * Why every token of a user was revoked, when the user should hear it: a ban answers 401 AUTH.ACCOUNT_SUSPENDED
 * and a deletion 401 AUTH.ACCOUNT_DELETED (the app signs out and shows the message on /login); anything else (a
 * password change) is the plain AUTH.TOKEN_REVOKED.
 */
export type TUserRevocationReason = 'suspended' | 'deleted';
const REVOKED_FOR: Record<TUserRevocationReason, () => AppError> = {
  suspended: () => new AppError('AUTH.ACCOUNT_SUSPENDED', 401, 'Your account has been suspended. Please contact support.'),
  deleted: () => new AppError('AUTH.ACCOUNT_DELETED', 401, 'Your account has been deleted.'),
};

/** The value of `revoked:user:<id>`: `<ms>` or `<ms>:<reason>`. */
function parseUserRevocation(value: string): { atMs: number; error: () => AppError } {
  const [at, reason] = value.split(':');
  return { atMs: Number(at), error: (reason && REVOKED_FOR[reason as TUserRevocationReason]) || REVOKED };
}

/** Longest token taken: ours are about 400 characters. */
const MAX_TOKEN_LENGTH = 4_096;

function decodeJson(segment: string): Record<string, unknown> {
  const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw INVALID();
  return value as Record<string, unknown>;
}

/**
 * Verifies a bearer token, cheaply and without giving up anything:
 * - the signature with a node:crypto Ed25519 KeyObject made once (header `alg` must be EdDSA, no `crit`), then
 *   expiry, not-before, audience, issuer and the claims' shape;
 * - revocation: the token itself, or every token of its user issued before a ban, deletion or password change,
 *   read from Redis the first time a token is seen.
 * A token that passed is remembered (bounded LRU, until it expires), so its next requests cost a map lookup. The
 * memory is never trusted blindly: every revocation is published on Redis (revokeToken, revokeAllTokensOfUser)
 * and each verifier, subscribed, forgets the tokens it names at once; while the subscription is down (Redis
 * restarting) nothing is remembered and every request reads Redis; when it comes back the memory starts empty. The
 * memory is used only while the subscription keeps proving itself up to date (REVOCATION_LEASE_MS), and the revoking
 * call answers only once every verifier has confirmed it forgot the token or has let its lease run out, so a revoked
 * token is refused everywhere from the moment the revocation answers.
 */
export async function createTokenVerifier(options: TTokenVerifierOptions): Promise<TTokenVerifier> {
  let key: KeyObject;
  try {
    key = createPublicKey(normalisePem(options.publicKeyPem));
  } catch (error) {
    throw new Error(`JWT_PUBLIC_KEY is not a public key in PEM (SPKI): ${(error as Error).message}`, { cause: error });
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('JWT_PUBLIC_KEY must be an Ed25519 public key (PEM, SPKI)');
  const { redis, logger } = options;
  const cacheSize = options.cacheSize ?? 10_000;

  // Remembered tokens, and which are whose (to forget them when a revocation names a token or a user).
  const byJti = new Map<string, string>();
  const byUser = new Map<string, Set<string>>();
  const cache =
    cacheSize > 0
      ? new LRUCache<string, TAuthUser>({
          max: cacheSize,
          dispose: (user, token) => {
            byJti.delete(user.jti);
            const tokens = byUser.get(user.userId);
            tokens?.delete(token);
            if (tokens?.size === 0) byUser.delete(user.userId);
          },
        })
      : undefined;
  /** Bumped at every revocation and every gap in the subscription: a Redis read older than that is not remembered. */
  let generation = 0;
  let subscribed = false;
  /** Until when (performance.now()) the memory may be used: see REVOCATION_LEASE_MS. */
  let leaseUntil = 0;
  const trusted = () => subscribed && performance.now() < leaseUntil;
  const listeners = new Set<(notice: TRevocationNotice) => void>();
  const announce = (notice: TRevocationNotice) => {
    for (const listener of listeners) {
      try {
        listener(notice);
      } catch (error) {
        logger?.warn({ err: error }, 'a revocation listener failed');
      }
    }
  };

  const forget = (revocation: TRevocation) => {
    forgetRemembered(revocation);
    announce(revocation);
  };
  const forgetRemembered = (revocation: TRevocation) => {
    generation += 1;
    if (!cache) return;
    if ('jti' in revocation) {
      const token = byJti.get(revocation.jti);
      if (token) cache.delete(token);
    } else {
      for (const token of [...(byUser.get(revocation.userId) ?? [])]) cache.delete(token);
    }
  };
  const forgetAll = () => {
    generation += 1;
    cache?.clear();
  };

  let locals = localVerifiers.get(redis);
  if (!locals) localVerifiers.set(redis, (locals = new Set()));
  locals.add(forget);

  const channel = revocationChannel(redis);
  const subscriber = cache ? redis.duplicate({ keyPrefix: '', enableOfflineQueue: true, commandTimeout: undefined }) : undefined;
  if (subscriber) {
    subscriber.on('error', (error: Error) => logger?.debug({ err: error }, 'revocation subscription: Redis error'));
    subscriber.on('close', () => {
      subscribed = false;
      leaseUntil = 0;
      forgetAll();
    });
    subscriber.on('ready', () => {
      // (Re)subscribe, and only then trust the memory again, starting empty: revocations may have been missed.
      const sentAt = performance.now();
      void subscriber
        .subscribe(channel)
        .then(() => {
          forgetAll();
          subscribed = true;
          leaseUntil = sentAt + REVOCATION_LEASE_MS;
          announce({ all: true });
        })
        .catch((error: unknown) => logger?.warn({ err: error }, 'revocation subscription failed; tokens are checked in Redis on every request'));
    });
    subscriber.on('message', (_channel: string, message: string) => {
      let revocation: TRevocationMessage;
      try {
        revocation = JSON.parse(message) as TRevocationMessage;
      } catch {
        forgetAll();
        announce({ all: true });
        return;
      }
      const { ack, ...named } = revocation;
      forget(named as TRevocation);
      // Forgotten: say so, so the revoking request can answer knowing no verifier lets the token through any more.
      if (typeof ack === 'string') {
        const key = revocationAckKey(ack);
        redis
          .multi()
          .incr(key)
          .pexpire(key, ACK_TTL_MS)
          .exec()
          .catch((error: unknown) => logger?.debug({ err: error }, 'revocation confirmation failed (the revoker waits out the lease)'));
      }
    });
  }
  // Renew the lease: a PING answered on the subscription proves every revocation published before it was heard.
  let renewing = false;
  const renewal = subscriber
    ? setInterval(() => {
        if (!subscribed || renewing) return;
        renewing = true;
        const sentAt = performance.now();
        subscriber
          .ping()
          .then(() => {
            if (subscribed) leaseUntil = Math.max(leaseUntil, sentAt + REVOCATION_LEASE_MS);
          })
          .catch((error: unknown) => logger?.debug({ err: error }, 'revocation subscription: PING failed'))
          .finally(() => {
            renewing = false;
          });
      }, LEASE_RENEW_MS)
    : undefined;
  renewal?.unref();

  async function verifyFresh(token: string): Promise<TAuthUser> {
    const parts = token.split('.');
    if (parts.length !== 3) throw INVALID();
    const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
    let header: Record<string, unknown>;
    let payload: Record<string, unknown>;
    try {
      header = decodeJson(headerPart);
      payload = decodeJson(payloadPart);
    } catch {
      throw INVALID();
    }
    if (header.alg !== JWT_ALGORITHM || 'crit' in header || (header.typ !== undefined && header.typ !== 'JWT')) throw INVALID();
    const signature = Buffer.from(signaturePart, 'base64url');
    if (signature.length !== 64 || !verifySignature(null, Buffer.from(`${headerPart}.${payloadPart}`), key, signature)) throw INVALID();

    const nowSeconds = Date.now() / 1000;
    for (const claim of ['sub', 'jti', 'exp', 'iat']) if (!(claim in payload)) throw INVALID();
    if (typeof payload.exp !== 'number' || typeof payload.iat !== 'number') throw INVALID();
    if (typeof payload.nbf === 'number' ? payload.nbf > nowSeconds : payload.nbf !== undefined) throw INVALID();
    if (payload.iss !== options.issuer) throw INVALID();
    const audience = payload.aud;
    if (!(audience === options.audience || (Array.isArray(audience) && audience.includes(options.audience)))) throw INVALID();
    if (payload.exp <= nowSeconds) throw EXPIRED();
    const parsed = ZAccessTokenClaimsSchema.safeParse(payload);
    if (!parsed.success) throw INVALID();
    const claims = parsed.data;

    const readAt = generation;
    const [jtiRevoked, userRevokedBefore] = await redis.mget(revokedJtiKey(claims.jti), revokedUserKey(claims.sub));
    const issuedAtMs = typeof payload.iatMs === 'number' ? payload.iatMs : claims.iat * 1000;
    if (jtiRevoked) throw REVOKED();
    if (userRevokedBefore) {
      const revocation = parseUserRevocation(userRevokedBefore);
      if (issuedAtMs <= revocation.atMs) throw revocation.error();
    }
    const user: TAuthUser = { userId: claims.sub, role: claims.role, jti: claims.jti, exp: claims.exp };

    if (cache && trusted() && readAt === generation) {
      cache.set(token, user, { ttl: Math.max(1, claims.exp * 1000 - Date.now()) });
      byJti.set(user.jti, token);
      let tokens = byUser.get(user.userId);
      if (!tokens) byUser.set(user.userId, (tokens = new Set()));
      tokens.add(token);
    }
    return user;
  }

  return {
    async verify(token) {
      if (token.length > MAX_TOKEN_LENGTH) throw INVALID();
      if (cache && trusted()) {
        const remembered = cache.get(token);
        if (remembered) {
          if (remembered.exp <= Date.now() / 1000) {
            cache.delete(token);
            throw EXPIRED();
          }
          return remembered;
        }
      }
      return verifyFresh(token);
    },
    onRevocation(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async stop() {
      listeners.clear();
      if (renewal) clearInterval(renewal);
      localVerifiers.get(redis)?.delete(forget);
      cache?.clear();
      if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}

/**
 * Tells every verifier of a revocation already written to Redis, and returns only when none of them can let the
 * revoked token through any more: those of this process at once; the others when each has confirmed it forgot the
 * token (PUBLISH answers how many heard it; each increments the revocation's counter), or, for one that does not
 * confirm (stalled, or of an older release), when its lease has run out: REVOCATION_LEASE_MS after Redis took the
 * message, a verifier that has not heard it no longer uses its memory. So a revocation holds everywhere from the
 * moment the revoking request answers.
 */
async function announceRevocation(redis: Redis, revocation: TRevocation): Promise<void> {
  tellLocalVerifiers(redis, revocation);
  const ack = randomUUID();
  const heardBy = await redis.publish(revocationChannel(redis), JSON.stringify({ ...revocation, ack } satisfies TRevocationMessage));
  const deadline = performance.now() + REVOCATION_LEASE_MS;
  let pause = 1;
  while (heardBy > 0 && performance.now() < deadline) {
    if (Number(await redis.get(revocationAckKey(ack))) >= heardBy) return;
    await sleep(Math.min(pause, Math.max(0, deadline - performance.now())));
    pause = Math.min(pause * 2, 20);
  }
}

/** Revokes one token until it would have expired anyway; answers when every verifier refuses it (announceRevocation). */
export async function revokeToken(redis: Redis, user: Pick<TAuthUser, 'jti' | 'exp'>): Promise<void> {
  const ttl = Math.max(1, user.exp - Math.floor(Date.now() / 1000));
  await redis.set(revokedJtiKey(user.jti), '1', 'EX', ttl);
  await announceRevocation(redis, { jti: user.jti });
}

/**
 * Revokes every token of the user issued up to now (ban, deletion, password change); answers when every verifier
 * refuses them (announceRevocation). With a reason, those tokens are answered with it (401 AUTH.ACCOUNT_SUSPENDED /
 * AUTH.ACCOUNT_DELETED).
 */
export async function revokeAllTokensOfUser(redis: Redis, userId: string, reason?: TUserRevocationReason): Promise<void> {
  await redis.set(revokedUserKey(userId), reason ? `${Date.now()}:${reason}` : String(Date.now()), 'EX', ACCESS_TOKEN_TTL_SECONDS);
  await announceRevocation(redis, { userId });
}
