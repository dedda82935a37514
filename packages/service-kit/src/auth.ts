import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { importPKCS8, SignJWT } from 'jose';
import type { TRole } from '@platform/contracts';
import { normalisePem } from './config.js';
import { COMMON_ERRORS } from './errors.js';
import { ACCESS_TOKEN_TTL_SECONDS, JWT_ALGORITHM, type TAuthUser, type TTokenVerifier } from './token-verifier.js';

declare module 'fastify' {
  interface FastifyRequest {
    authUser?: TAuthUser;
  }
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
