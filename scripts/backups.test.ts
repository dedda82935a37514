import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '@platform/service-kit/testing';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { backup, replayEvents, restore } from './backups.js';
import { DEV_ADMIN, startStack, type TStack } from './stack.js';

/**
 * Issue 19 item 8: a backup taken while money moves restores into a fresh namespace, the ledger verifies, the stack
 * starts on it, and the services agree again (every ledger adjustment has its audit row, through the replay).
 */
const stamp = Date.now().toString(36);
const SOURCE = `bk_${stamp}`;
const RESTORED = `bk_${stamp}_r`;
const outDir = mkdtempSync(join(tmpdir(), 'backups-'));
const stacks: TStack[] = [];

afterAll(async () => {
  for (const stack of stacks) await stack.stop().catch(() => undefined);
  rmSync(outDir, { recursive: true, force: true });
  rmSync(join(import.meta.dirname, '..', '.dev', SOURCE), { recursive: true, force: true });
  rmSync(join(import.meta.dirname, '..', '.dev', RESTORED), { recursive: true, force: true });
});

function start(namespace: string): Promise<TStack> {
  return startStack({ namespace, ephemeral: true, seed: true, logLevel: 'warn', outboxDir: mkdtempSync(join(tmpdir(), 'backups-mail-')), frontendDist: join(tmpdir(), 'no-frontend-here') });
}

async function call<T>(stack: TStack, method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${stack.baseUrl}/api${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function adminToken(stack: TStack): Promise<string> {
  const res = await call<{ token: string }>(stack, 'POST', '/auth/login', null, { email: DEV_ADMIN.email, password: DEV_ADMIN.password });
  expect(res.status).toBe(200);
  return res.body.token;
}

async function count(url: string, sql: string, params: unknown[]): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>(sql, params)).rows[0]!.n);
  } finally {
    await client.end();
  }
}

describe('npm run backup and npm run restore', () => {
  it('when a backup is taken while balances change, then it restores into a new namespace where the ledger verifies, the stack starts and every service agrees', async () => {
    const source = await start(SOURCE);
    stacks.push(source);
    const admin = await adminToken(source);
    const workers: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const email = `backup-${stamp}-${i}@example.com`;
      const res = await call<{ user: { id: string } }>(source, 'POST', '/auth/register', null, { email, password: 'Backup-pass-1', confirmPassword: 'Backup-pass-1', firstName: 'Back', lastName: `Up${i}` });
      expect(res.status).toBe(201);
      workers.push(res.body.user.id);
    }
    const adjust = (userId: string, balance: number) => call(source, 'PATCH', `/admin/users/${userId}/balance`, admin, { balance: balance.toFixed(2), reason: 'backup test' });
    // Payouts knows a worker once it has consumed user.registered.
    for (const id of workers) await eventually(async () => (await adjust(id, 1)).status === 200, { what: 'payouts to know the worker' });

    // Money moves (each worker's balance set again and again) while the backup runs, and a little after.
    let moving = true;
    const load = Promise.all(
      workers.map(async (id) => {
        for (let n = 2; moving; n += 1) expect((await adjust(id, n)).status).toBe(200);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { dir, manifest } = await backup({ namespace: SOURCE, outDir });
    moving = false;
    await load;
    expect(Object.keys(manifest.databases).sort()).toEqual(['admin', 'auth', 'chat', 'payouts', 'work']);
    expect(readdirSync(dir)).toEqual(expect.arrayContaining(['manifest.json', 'payouts.dump', 'auth.dump']));
    await source.stop();
    stacks.splice(stacks.indexOf(source), 1);

    // A namespace in use is never overwritten.
    const fresh = await restore({ from: dir, namespace: RESTORED });
    expect(fresh.namespace).toBe(SOURCE);
    await expect(restore({ from: dir, namespace: RESTORED })).rejects.toThrow(/in use/);

    const restored = await start(RESTORED);
    stacks.push(restored);
    await replayEvents({ from: dir, namespace: RESTORED });
    const token = await adminToken(restored);
    for (const id of workers) {
      const verified = await call<{ valid: boolean; entries: number }>(restored, 'GET', `/admin/users/${id}/ledger/verify`, token);
      expect(verified.status).toBe(200);
      expect(verified.body.valid).toBe(true);
      expect(verified.body.entries).toBeGreaterThanOrEqual(1);
    }
    // Every adjustment in the restored ledger reaches the restored audit log (replayed events, each applied once).
    const adjustments = await count(restored.databaseUrls.payouts!, "SELECT count(*) AS n FROM ledger_entries WHERE kind = 'admin_adjustment' AND user_id = ANY($1)", [workers]);
    expect(adjustments).toBeGreaterThanOrEqual(workers.length * 2);
    await eventually(
      async () =>
        (await count(restored.databaseUrls.admin!, "SELECT count(*) AS n FROM audit_log WHERE action = 'balance.adjusted' AND target_id = ANY($1)", [workers])) >= adjustments,
      { what: 'the audit log to hold every restored adjustment', timeoutMs: 30_000 },
    );
    // The restored platform takes new work: money moves again and the chain still verifies.
    expect((await call(restored, 'PATCH', `/admin/users/${workers[0]}/balance`, token, { balance: '500.00', reason: 'after restore' })).status).toBe(200);
    expect((await call<{ valid: boolean }>(restored, 'GET', `/admin/users/${workers[0]}/ledger/verify`, token)).body.valid).toBe(true);
  }, 300_000);
});
