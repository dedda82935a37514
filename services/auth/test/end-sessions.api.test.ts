import { createLogger, createRedis, createTokenVerifier, type Redis, type TTokenVerifier } from '@platform/service-kit';
import { TEST_REDIS_URL } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endEverySessionOfUser } from '../src/domain/end-sessions.use-case.js';
import { loadAuthConfig } from '../src/index.js';
import { outboxRows, startTestService, type TTestService } from './helpers.js';

/**
 * Issue 8, item 8: ending every session of a user (password reset today; password change, ban and deletion call the
 * same endEverySessionOfUser) is seen by the token check of every other process: the gateway, payouts and work each
 * run service-kit's createTokenVerifier on their own Redis connection under the shared REDIS_PREFIX, as `elsewhere`
 * does here. (services/payouts/test/sessions-and-accounts.api.test.ts and services/work/test/revoked-sessions.api.test.ts
 * show those services answering 401 on every route.)
 */
let t: TTestService;
let elsewhereRedis: Redis;
let elsewhere: TTokenVerifier;

beforeAll(async () => {
  t = await startTestService('auth_end_sessions');
  const config = loadAuthConfig(t.env.env);
  elsewhereRedis = createRedis(TEST_REDIS_URL, t.env.redisPrefix);
  elsewhere = await createTokenVerifier({ publicKeyPem: t.env.keys.publicKeyPem, audience: config.JWT_AUDIENCE, issuer: config.JWT_ISSUER, redis: elsewhereRedis });
});
afterAll(async () => {
  elsewhereRedis?.disconnect();
  await t?.close();
});

describe('ending every session of a user', () => {
  it('when the password is reset, then every older token of the user is refused by the token check of another process too, and a new login works there', async () => {
    const worker = await t.registerWorker();
    const second = (await t.api('POST', '/api/auth/login', { body: { email: worker.email, password: worker.password } })).body.token as string;
    await expect(elsewhere.verify(worker.token)).resolves.toMatchObject({ userId: worker.user.id });

    await t.api('POST', '/api/auth/forgot-password', { body: { email: worker.email } });
    const requested = (await outboxRows(t, 'password_reset.requested')).filter((row) => row.payload.data.userId === worker.user.id);
    const reset = await t.api('POST', '/api/auth/reset-password', { body: { token: requested.at(-1)!.payload.data.token, newPassword: 'BrandNew42' } });
    expect(reset.status).toBe(200);

    for (const token of [worker.token, second]) await expect(elsewhere.verify(token)).rejects.toMatchObject({ status: 401, code: 'AUTH.TOKEN_REVOKED' });
    const login = await t.api('POST', '/api/auth/login', { body: { email: worker.email, password: 'BrandNew42' } });
    await expect(elsewhere.verify(login.body.token)).resolves.toMatchObject({ userId: worker.user.id });
  });

  it('when a ban or a deletion ends every session, then the old tokens are refused here and elsewhere, saying why (suspended, deleted)', async () => {
    const logger = createLogger({ service: 'auth-test', level: 'silent' });
    for (const [reason, code] of [
      ['ban', 'AUTH.ACCOUNT_SUSPENDED'],
      ['deletion', 'AUTH.ACCOUNT_DELETED'],
    ] as const) {
      const worker = await t.registerWorker();
      await endEverySessionOfUser({ redis: elsewhereRedis, logger }, worker.user.id, reason);
      const me = await t.api('GET', '/api/auth/me', { token: worker.token });
      expect(me.status).toBe(401);
      expect(me.body.code).toBe(code);
      await expect(elsewhere.verify(worker.token)).rejects.toMatchObject({ status: 401, code });
    }
  });
});
