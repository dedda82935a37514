import { generateKeyPairSync } from 'node:crypto';
import { SignJWT, importPKCS8 } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis, createTokenSigner, createTokenVerifier, revokeAllTokensOfUser, revokeToken, type Redis, type TTokenVerifier } from '../src/index.js';
import { generateTestKeys, TEST_REDIS_URL, uniqueName } from '../src/testing.js';

const USER = { id: '8b0d6a3c-4a8e-4a5e-9a43-2b0d2f3c1a11', role: 'employee' as const };

describe('createTokenVerifier', () => {
  const keys = generateTestKeys();
  const options = { audience: 'platform-api', issuer: 'platform-auth' };
  let redis: Redis;
  let verifier: TTokenVerifier;

  beforeAll(async () => {
    redis = createRedis(TEST_REDIS_URL, `test:${uniqueName('verifier')}:`);
    verifier = await createTokenVerifier({ publicKeyPem: keys.publicKeyPem, redis, ...options });
  });
  afterAll(() => redis.disconnect());

  const sign = async (ttlSeconds?: number, overrides: Partial<typeof options> = {}) =>
    (await createTokenSigner({ privateKeyPem: keys.privateKeyPem, ...options, ...overrides, ...(ttlSeconds !== undefined ? { ttlSeconds } : {}) })).sign(USER);

  it('when the token is valid, then it yields the user', async () => {
    const user = await verifier.verify(await sign());
    expect(user).toMatchObject({ userId: USER.id, role: 'employee' });
  });

  it('when the token uses alg none, then it is refused', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const payload = Buffer.from(JSON.stringify({ sub: USER.id, role: 'admin', jti: 'x', iat: now, exp: now + 60, aud: options.audience, iss: options.issuer })).toString('base64url');
    await expect(verifier.verify(`${header}.${payload}.`)).rejects.toMatchObject({ status: 401, code: 'AUTH.INVALID_TOKEN' });
  });

  it('when the token is signed with HS256 using the public key as secret, then it is refused', async () => {
    const token = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(USER.id).setJti('x').setIssuedAt().setExpirationTime('1h').setAudience(options.audience).setIssuer(options.issuer)
      .sign(new TextEncoder().encode(keys.publicKeyPem));
    await expect(verifier.verify(token)).rejects.toMatchObject({ status: 401 });
  });

  it('when the token is signed by another key, then it is refused', async () => {
    const other = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const token = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setSubject(USER.id).setJti('x').setIssuedAt().setExpirationTime('1h').setAudience(options.audience).setIssuer(options.issuer)
      .sign(await importPKCS8(other, 'EdDSA'));
    await expect(verifier.verify(token)).rejects.toMatchObject({ status: 401, code: 'AUTH.INVALID_TOKEN' });
  });

  it('when the token has expired, then it is refused with AUTH.TOKEN_EXPIRED', async () => {
    await expect(verifier.verify(await sign(-10))).rejects.toMatchObject({ status: 401, code: 'AUTH.TOKEN_EXPIRED' });
  });

  it('when the token is for another audience, then it is refused', async () => {
    await expect(verifier.verify(await sign(undefined, { audience: 'someone-else' }))).rejects.toMatchObject({ status: 401 });
  });

  it('when the token was revoked, then it is refused and other tokens still pass', async () => {
    const token = await sign();
    const other = await sign();
    await revokeToken(redis, await verifier.verify(token));
    await expect(verifier.verify(token)).rejects.toMatchObject({ status: 401, code: 'AUTH.TOKEN_REVOKED' });
    await expect(verifier.verify(other)).resolves.toMatchObject({ userId: USER.id });
  });

  it("when all of a user's tokens are revoked, then older tokens fail and a token issued afterwards passes", async () => {
    const before = await sign();
    await revokeAllTokensOfUser(redis, USER.id);
    await new Promise((r) => setTimeout(r, 2)); // next millisecond: issued strictly after the revocation
    const after = await sign();
    await expect(verifier.verify(before)).rejects.toMatchObject({ code: 'AUTH.TOKEN_REVOKED' });
    await expect(verifier.verify(after)).resolves.toMatchObject({ userId: USER.id });
  });
});
