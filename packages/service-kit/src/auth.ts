import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors as joseErrors, importPKCS8, importSPKI, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import { ZAccessTokenClaimsSchema, type TRole } from '@platform/contracts';
import { normalisePem } from './config.js';
import { AppError, COMMON_ERRORS } from './errors.js';
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

declare module 'fastify' {
  interface FastifyRequest {
    authUser?: TAuthUser;
  }
}

const revokedJtiKey = (jti: string) => `revoked:jti:${jti}`;
const revokedUserKey = (userId: string) => `revoked:user:${userId}`;

export interface TTokenVerifierOptions {
  publicKeyPem: string;
  audience: string;
  issuer: string;
  redis: Redis;
}

export interface TTokenVerifier {
  verify(token: string): Promise<TAuthUser>;
}

/**
 * Verifies a bearer token: signature with the public key, algorithm allow-list, expiry, audience, issuer, then
 * revocation in Redis (the token itself, or every token of its user issued before a ban or password change).
 */
export async function createTokenVerifier(options: TTokenVerifierOptions): Promise<TTokenVerifier> {
  const key: CryptoKey = await importSPKI(normalisePem(options.publicKeyPem), JWT_ALGORITHM);
  return {
    async verify(token: string): Promise<TAuthUser> {
      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(token, key, {
          algorithms: [JWT_ALGORITHM],
          audience: options.audience,
          issuer: options.issuer,
          requiredClaims: ['sub', 'jti', 'exp', 'iat'],
        }));
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw new AppError('AUTH.TOKEN_EXPIRED', 401, 'Your session has expired. Please log in again.');
        throw new AppError('AUTH.INVALID_TOKEN', 401, 'Invalid authentication token');
      }
      const parsed = ZAccessTokenClaimsSchema.safeParse(payload);
      if (!parsed.success) throw new AppError('AUTH.INVALID_TOKEN', 401, 'Invalid authentication token');
      const claims = parsed.data;
      const [jtiRevoked, userRevokedBefore] = await options.redis.mget(revokedJtiKey(claims.jti), revokedUserKey(claims.sub));
      const issuedAtMs = (payload as { iatMs?: number }).iatMs ?? claims.iat * 1000;
      if (jtiRevoked || (userRevokedBefore && issuedAtMs <= Number(userRevokedBefore))) {
        throw new AppError('AUTH.TOKEN_REVOKED', 401, 'Your session has ended. Please log in again.');
      }
      return { userId: claims.sub, role: claims.role, jti: claims.jti, exp: claims.exp };
    },
  };
}

/** Revokes one token until it would have expired anyway. */
export async function revokeToken(redis: Redis, user: Pick<TAuthUser, 'jti' | 'exp'>): Promise<void> {
  const ttl = Math.max(1, user.exp - Math.floor(Date.now() / 1000));
  await redis.set(revokedJtiKey(user.jti), '1', 'EX', ttl);
}

/** Revokes every token of the user issued up to now (ban, deletion, password change). */
export async function revokeAllTokensOfUser(redis: Redis, userId: string): Promise<void> {
  await redis.set(revokedUserKey(userId), String(Date.now()), 'EX', ACCESS_TOKEN_TTL_SECONDS);
}

export interface TTokenSigner {
  sign(user: { id: string; role: TRole }): Promise<string>;
}

/** Signs access tokens; only the identity service holds the private key. */
export async function createTokenSigner(options: { privateKeyPem: string; audience: string; issuer: string; ttlSeconds?: number }): Promise<TTokenSigner> {
  const key = await importPKCS8(normalisePem(options.privateKeyPem), JWT_ALGORITHM);
  const ttl = options.ttlSeconds ?? ACCESS_TOKEN_TTL_SECONDS;
  return {
    async sign(user) {
      const now = Date.now();
      return new SignJWT({ role: user.role, iatMs: now })
        .setProtectedHeader({ alg: JWT_ALGORITHM, typ: 'JWT' })
        .setSubject(user.id)
        .setJti(randomUUID())
        .setIssuedAt(Math.floor(now / 1000))
        .setExpirationTime(Math.floor(now / 1000) + ttl)
        .setAudience(options.audience)
        .setIssuer(options.issuer)
        .sign(key);
    },
  };
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer ([A-Za-z0-9\-_.]+)$/.exec(header.trim());
  return match?.[1];
}

/**
 * The access hooks: `authenticate` requires a valid token; `requireAdmin` also requires role admin. A protected route
 * names its hook in its own options, `{ onRequest: hooks.authenticate }` (onRequest: before the body is read, so a
 * caller without access learns nothing about validation); a route without one is public.
 */
export function createAuthHooks(verifier: TTokenVerifier) {
  async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw COMMON_ERRORS.unauthenticated();
    request.authUser = await verifier.verify(token);
  }
  async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await authenticate(request, reply);
    if (request.authUser?.role !== 'admin') throw COMMON_ERRORS.forbidden('Admin access required');
  }
  return { authenticate, requireAdmin };
}

export type TAuthHooks = ReturnType<typeof createAuthHooks>;

/** What every service's `register...Routes(app, { deps, hooks })` takes: the use cases' deps and the access hooks. */
export interface TRouteDeps<TDeps> {
  deps: TDeps;
  hooks: TAuthHooks;
}

/** The authenticated user of a request behind `authenticate`; throws 401 if the hook did not run. */
export function authUserOf(request: FastifyRequest): TAuthUser {
  if (!request.authUser) throw COMMON_ERRORS.unauthenticated();
  return request.authUser;
}
