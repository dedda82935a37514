import { generateKeyPairSync } from 'node:crypto';
import { SignJWT, importPKCS8 } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis, createTokenSigner, createTokenVerifier, REVOCATION_LEASE_MS, revokeAllTokensOfUser, revokeToken, type Redis, type TTokenVerifier } from '../src/index.js';
import { eventually, generateTestKeys, TEST_REDIS_URL, uniqueName } from '../src/testing.js';

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
  afterAll(async () => {
    await verifier.stop();
    redis.disconnect();
  });

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

  it('when the tokens were revoked for a ban or a deletion, then they are refused saying so (suspended, deleted), and a later token passes', async () => {
    for (const [reason, code, message] of [
      ['suspended', 'AUTH.ACCOUNT_SUSPENDED', 'Your account has been suspended. Please contact support.'],
      ['deleted', 'AUTH.ACCOUNT_DELETED', 'Your account has been deleted.'],
    ] as const) {
      const before = await sign();
      await revokeAllTokensOfUser(redis, USER.id, reason);
      await new Promise((r) => setTimeout(r, 2));
      const after = await sign();
      await expect(verifier.verify(before)).rejects.toMatchObject({ status: 401, code, message });
      await expect(verifier.verify(after)).resolves.toMatchObject({ userId: USER.id });
    }
  });
});

describe('createTokenVerifier across processes (its memory of verified tokens and the revocation channel)', () => {
  const keys = generateTestKeys();
  const options = { audience: 'platform-api', issuer: 'platform-auth' };
  const prefix = `test:${uniqueName('verifier_pubsub')}:`;
  // Each client stands for one process: the identity service revoking, and two services checking tokens.
  const clients: Redis[] = [];
  const verifiers: TTokenVerifier[] = [];
  let revoker: Redis;
  let signer: Awaited<ReturnType<typeof createTokenSigner>>;

  const serviceVerifier = async () => {
    const client = createRedis(TEST_REDIS_URL, prefix);
    clients.push(client);
    const made = await createTokenVerifier({ publicKeyPem: keys.publicKeyPem, redis: client, ...options });
    verifiers.push(made);
    return { verifier: made, client };
  };

  /** Verified until remembered: the second check reads no Redis (the verifier has subscribed and holds a lease). */
  async function remembered(v: { verifier: TTokenVerifier; client: Redis }, token: string): Promise<void> {
    let reads = 0;
    const original = v.client.sendCommand.bind(v.client);
    v.client.sendCommand = ((command: { name: string }, ...rest: unknown[]) => {
      if (command.name === 'mget') reads += 1;
      return (original as (...args: unknown[]) => unknown)(command, ...rest);
    }) as typeof v.client.sendCommand;
    try {
      await eventually(async () => {
        await v.verifier.verify(token);
        const before = reads;
        await v.verifier.verify(token);
        return reads === before;
      }, { what: 'the token to be remembered' });
    } finally {
      v.client.sendCommand = original;
    }
  }

  beforeAll(async () => {
    revoker = createRedis(TEST_REDIS_URL, prefix);
    signer = await createTokenSigner({ privateKeyPem: keys.privateKeyPem, ...options });
  });
  afterAll(async () => {
    await Promise.all(verifiers.map((v) => v.stop()));
    for (const client of [...clients, revoker]) client.disconnect();
  });

  it('when a token was verified once, then its next checks do not read Redis (for longer than the lease: it is renewed)', async () => {
    const { verifier, client } = await serviceVerifier();
    const token = await signer.sign(USER);
    let reads = 0;
    const original = client.sendCommand.bind(client);
    client.sendCommand = ((command: { name: string }, ...rest: unknown[]) => {
      if (command.name === 'mget') reads += 1;
      return (original as (...args: unknown[]) => unknown)(command, ...rest);
    }) as typeof client.sendCommand;
    try {
      // Once the verifier has subscribed to revocations, a verified token is remembered.
      await eventually(async () => {
        await verifier.verify(token);
        const before = reads;
        await verifier.verify(token);
        return reads === before;
      }, { what: 'the token to be remembered' });
      const before = reads;
      for (let i = 0; i < 50; i++) await verifier.verify(token);
      expect(reads - before).toBe(0);
      await new Promise((r) => setTimeout(r, REVOCATION_LEASE_MS * 1.5));
      await eventually(async () => {
        const atStart = reads;
        await verifier.verify(token);
        return reads === atStart;
      }, { what: 'the lease renewed', timeoutMs: 2_000 });
    } finally {
      client.sendCommand = original;
    }
  });

  it('when another process revokes a remembered token, then every verifier refuses it as soon as the revocation answers, 100 times in a row', async () => {
    const a = await serviceVerifier();
    const b = await serviceVerifier();
    const other = await signer.sign(USER);
    await remembered(a, other);
    await remembered(b, other);
    for (let round = 0; round < 100; round++) {
      const token = await signer.sign(USER);
      for (const v of [a.verifier, b.verifier]) await v.verify(token);
      const started = performance.now();
      await revokeToken(revoker, await a.verifier.verify(token));
      // Both confirmed: the revocation did not wait out the lease.
      expect(performance.now() - started).toBeLessThan(REVOCATION_LEASE_MS);
      await expect(a.verifier.verify(token), `round ${round}`).rejects.toMatchObject({ status: 401, code: 'AUTH.TOKEN_REVOKED' });
      await expect(b.verifier.verify(token), `round ${round}`).rejects.toMatchObject({ status: 401, code: 'AUTH.TOKEN_REVOKED' });
    }
    await expect(a.verifier.verify(other)).resolves.toMatchObject({ userId: USER.id });
  });

  it('when another process ends every session of a user, then every verifier refuses the older tokens as soon as it answers and accepts newer ones, 50 times in a row', async () => {
    const a = await serviceVerifier();
    const b = await serviceVerifier();
    const user = { id: '0c9d5b2e-1f3a-4c5d-8e7f-9a0b1c2d3e4f', role: 'admin' as const };
    let older = await signer.sign(user);
    await remembered(a, older);
    await remembered(b, older);
    for (let round = 0; round < 50; round++) {
      for (const v of [a.verifier, b.verifier]) await v.verify(older);
      await revokeAllTokensOfUser(revoker, user.id);
      await expect(a.verifier.verify(older), `round ${round}`).rejects.toMatchObject({ code: 'AUTH.TOKEN_REVOKED' });
      await expect(b.verifier.verify(older), `round ${round}`).rejects.toMatchObject({ code: 'AUTH.TOKEN_REVOKED' });
      await new Promise((r) => setTimeout(r, 2)); // issued strictly after the revocation
      older = await signer.sign(user);
      await expect(b.verifier.verify(older)).resolves.toMatchObject({ userId: user.id, role: 'admin' });
    }
  });

  it('when a verifier does not hear the revocation (its subscription stalled), then the revocation answers after the lease and that verifier refuses the token at once', async () => {
    const client = createRedis(TEST_REDIS_URL, prefix);
    clients.push(client);
    // Catch the verifier's subscription connection, to stall it.
    const subscriptions: Redis[] = [];
    const duplicate = client.duplicate.bind(client);
    client.duplicate = ((...args: Parameters<Redis['duplicate']>) => {
      const made = duplicate(...args);
      subscriptions.push(made);
      return made;
    }) as Redis['duplicate'];
    const stalled = await createTokenVerifier({ publicKeyPem: keys.publicKeyPem, redis: client, ...options });
    verifiers.push(stalled);
    const token = await signer.sign(USER);
    await remembered({ verifier: stalled, client }, token);
    expect(subscriptions).toHaveLength(1);
    const socket = (subscriptions[0] as unknown as { stream: NodeJS.ReadableStream }).stream;
    socket.pause(); // nothing more is read from the subscription: no revocation, no answer to its PINGs
    try {
      const started = performance.now();
      await revokeToken(revoker, await stalled.verify(token));
      // Nobody confirmed: the revocation waited until the stalled verifier's lease had run out ...
      expect(performance.now() - started).toBeGreaterThanOrEqual(REVOCATION_LEASE_MS - 5);
      // ... so, though it has still not heard of it, it no longer trusts its memory.
      await expect(stalled.verify(token)).rejects.toMatchObject({ status: 401, code: 'AUTH.TOKEN_REVOKED' });
    } finally {
      socket.resume();
    }
    // Heard again: newer tokens are remembered again.
    const newer = await signer.sign(USER);
    await remembered({ verifier: stalled, client }, newer);
  });

  it('when another process revokes a token or a user, then the listeners of every verifier hear which (to end its connections)', async () => {
    const a = await serviceVerifier();
    const heard: unknown[] = [];
    // Only named revocations ({all: true} is heard once the subscription starts, and after each gap in it).
    let probeHeard = false;
    const stop = a.verifier.onRevocation((notice) => {
      if ('jti' in notice && notice.jti === 'probe') probeHeard = true;
      else if (!('all' in notice)) heard.push(notice);
    });
    // Subscribed once a probe revocation (of a token nobody holds) is heard.
    await eventually(async () => {
      await revokeToken(revoker, { jti: 'probe', exp: Math.floor(Date.now() / 1000) + 60 });
      await new Promise((r) => setTimeout(r, 20));
      return probeHeard;
    }, { what: 'the revocation channel' });
    const claims = await a.verifier.verify(await signer.sign(USER));
    await revokeToken(revoker, claims);
    await revokeAllTokensOfUser(revoker, USER.id, 'suspended');
    await eventually(async () => heard.length === 2, { what: 'both revocations heard' });
    expect(heard).toEqual([{ jti: claims.jti }, { userId: USER.id }]);
    stop();
    await revokeAllTokensOfUser(revoker, USER.id);
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toHaveLength(2);
  });

  it('when the process that revokes also verifies, then the token is refused at once', async () => {
    const local = await createTokenVerifier({ publicKeyPem: keys.publicKeyPem, redis: revoker, ...options });
    verifiers.push(local);
    const token = await signer.sign(USER);
    await new Promise((r) => setTimeout(r, 100));
    for (let i = 0; i < 3; i++) await local.verify(token);
    await revokeToken(revoker, await local.verify(token));
    await expect(local.verify(token)).rejects.toMatchObject({ code: 'AUTH.TOKEN_REVOKED' });
  });

  it('when a token is tampered with (header crit, another typ, a longer signature), then it is refused', async () => {
    const { verifier } = await serviceVerifier();
    const token = await signer.sign(USER);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const withHeader = (h: object) => `${Buffer.from(JSON.stringify(h)).toString('base64url')}.${payload}.${signature}`;
    for (const bad of [
      withHeader({ alg: 'EdDSA', typ: 'JWT', crit: ['x'] }),
      withHeader({ alg: 'EdDSA', typ: 'JOSE+JSON' }),
      withHeader({ alg: 'Ed25519' }),
      `${header}.${payload}.${signature}AA`,
      `${header}.${payload}`,
      `${header}.${Buffer.from('[]').toString('base64url')}.${signature}`,
      'x'.repeat(5_000),
    ]) {
      await expect(verifier.verify(bad)).rejects.toMatchObject({ status: 401, code: 'AUTH.INVALID_TOKEN' });
    }
  });
});
