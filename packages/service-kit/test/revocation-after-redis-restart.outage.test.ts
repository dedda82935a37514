import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createRedis, createTokenSigner, createTokenVerifier, revokeToken, type Redis, type TTokenVerifier } from '../src/index.js';
import { eventually, generateTestKeys } from '../src/testing.js';

/**
 * A verifier remembers verified tokens and learns of revocations on Redis pub/sub. Redis restarting breaks the
 * subscription: meanwhile nothing may be trusted from memory, and afterwards a revocation must again reach every
 * verifier within one second. A private redis-server is started and killed here, so no other test loses Redis.
 */
const keys = generateTestKeys();
const options = { audience: 'platform-api', issuer: 'platform-auth' };
const logger = createLogger({ service: 'revocation-outage', level: 'silent' });
const USER = { id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b', role: 'employee' as const };
/** A Unix socket, not a TCP port: its path is this file's own, so the restarted server is found at the same place. */
const socketDir = mkdtempSync(join(tmpdir(), 'revocation-redis-'));
const socketPath = join(socketDir, 'redis.sock');
const REDIS_URL = `unix://${socketPath}`;
let server: ChildProcess | undefined;
const clients: Redis[] = [];
let verifier: TTokenVerifier;
let service: Redis;

async function startRedis(): Promise<void> {
  server = spawn('redis-server', ['--port', '0', '--unixsocket', socketPath, '--unixsocketperm', '700', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const probe = createRedis(REDIS_URL, '', { logger });
  try {
    await eventually(async () => (await probe.ping()) === 'PONG', { what: 'the private redis-server', timeoutMs: 20_000 });
  } finally {
    probe.disconnect();
  }
}

function stopRedis(): Promise<void> {
  const running = server;
  server = undefined;
  if (!running || running.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    running.once('exit', () => resolve());
    running.kill('SIGKILL');
  });
}

/** Waits until the token is answered from memory (no MGET to Redis). */
async function remembered(token: string): Promise<void> {
  let reads = 0;
  const original = service.sendCommand.bind(service);
  service.sendCommand = ((command: { name: string }, ...rest: unknown[]) => {
    if (command.name === 'mget') reads += 1;
    return (original as (...args: unknown[]) => unknown)(command, ...rest);
  }) as typeof service.sendCommand;
  try {
    await eventually(
      async () => {
        await verifier.verify(token);
        const before = reads;
        await verifier.verify(token);
        return reads === before;
      },
      { what: 'the token to be remembered', timeoutMs: 20_000 },
    );
  } finally {
    service.sendCommand = original;
  }
}

beforeAll(async () => {
  await startRedis();
  service = createRedis(REDIS_URL, 'outage:', { logger });
  clients.push(service);
  verifier = await createTokenVerifier({ publicKeyPem: keys.publicKeyPem, redis: service, ...options });
});

afterAll(async () => {
  await verifier?.stop();
  for (const client of clients) client.disconnect();
  await stopRedis();
  rmSync(socketDir, { recursive: true, force: true });
});

describe('revocation after a Redis restart', () => {
  it('when Redis restarts, then remembered tokens are not trusted while it is away, and afterwards a revocation is refused within one second', async () => {
    const signer = await createTokenSigner({ privateKeyPem: keys.privateKeyPem, ...options });
    const token = await signer.sign(USER);
    await remembered(token);

    await stopRedis();
    // Away: the memory is dropped with the subscription; the check goes to Redis, which does not answer (503).
    await eventually(async () => {
      try {
        await verifier.verify(token);
        return false;
      } catch (error) {
        return (error as Error).message.length > 0;
      }
    }, { what: 'the remembered token to stop being trusted', timeoutMs: 10_000 });

    await startRedis();
    await remembered(token);

    // Another process (the identity service) revokes the token after the restart.
    const revoker = createRedis(REDIS_URL, 'outage:', { logger });
    clients.push(revoker);
    const since = Date.now();
    await revokeToken(revoker, await verifier.verify(token));
    const elapsed = await eventually(async () => {
      try {
        await verifier.verify(token);
        return false;
      } catch (error) {
        expect(error).toMatchObject({ code: 'AUTH.TOKEN_REVOKED' });
        return Date.now() - since;
      }
    }, { what: 'the revoked token to be refused', intervalMs: 5, timeoutMs: 5_000 });
    expect(elapsed).toBeLessThan(1_000);
  });
});
