/**
 * Withdrawal requests under load: POST /api/withdrawals (a ledger hold in one transaction, with an idempotency key)
 * at a fixed rate through the gateway and directly on the payouts service, then the ledger's invariants checked.
 * Run: `npx tsx bench/withdrawals.bench.ts` (about 1 minute). Writes bench/results/withdrawals.txt and .json.
 *
 * The whole stack runs as separate processes (scripts/stack.ts) under its own namespace; workers are registered
 * and credited by an admin adjustment through the real API, then share the load round-robin.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import { createPool } from '@platform/service-kit';
import { uniqueName } from '@platform/service-kit/testing';
import { findAccountsBreakingInvariant } from '../services/payouts/src/data-access/ledger.repository.js';
import { DEV_ADMIN, startStack } from '../scripts/stack.js';
import { comparisonRows, formatTable, machineLine, measureAlternating, settingsFromEnv, settingsLine, type TRun } from './lib/load.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const SETTINGS = settingsFromEnv({ rate: 100, connections: 10, durationSeconds: 20, rounds: 4, warmupSeconds: 2 });
const WORKERS = Number(process.env.BENCH_WORKERS ?? 20);
const STARTING_BALANCE = '1000000.00';
const AMOUNT = '50.00';
const WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

async function call<T>(url: string, method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

async function main(): Promise<void> {
  const namespace = uniqueName('bench_wd');
  console.log(`starting the stack (${namespace})...`);
  const stack = await startStack({
    namespace,
    seed: true,
    ephemeral: true,
    logLevel: 'warn',
    env: { NODE_ENV: 'production', RATE_LIMIT_REGISTER_PER_ADDRESS: '10000/1h', RATE_LIMIT_LOGIN_PER_ADDRESS: '10000/15m' },
  });
  const pool = createPool(stack.databaseUrls.payouts!, { max: 2 });
  try {
    const gateway = stack.baseUrl;
    const admin = await call<{ token: string }>(gateway, 'POST', '/api/auth/login', undefined, DEV_ADMIN);
    console.log(`registering and crediting ${WORKERS} workers...`);
    const tokens: string[] = [];
    for (let i = 0; i < WORKERS; i++) {
      const { token, user } = await call<{ token: string; user: { id: string } }>(gateway, 'POST', '/api/auth/register', undefined, {
        email: `bench-${i}-${namespace}@example.com`,
        password: 'bench-password',
        firstName: 'Bench',
        lastName: `Worker ${i}`,
      });
      await call(gateway, 'PATCH', `/api/admin/users/${user.id}/balance`, admin.token, { balance: STARTING_BALANCE, reason: 'Benchmark funds' });
      tokens.push(token);
    }

    let next = 0;
    const body = JSON.stringify({ amount: AMOUNT, currency: 'BTC', walletAddress: WALLET });
    const request = (url: string) => (): autocannon.Options => ({
      url: `${url}/api/withdrawals`,
      requests: [
        {
          method: 'POST',
          setupRequest: (req: autocannon.Request) => ({
            ...req,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[next++ % tokens.length]}`, 'idempotency-key': randomUUID() },
            body,
          }),
        },
      ],
    });
    const [direct, viaGateway] = (await measureAlternating(
      [
        { name: 'direct', options: request(stack.serviceUrls.payouts!) },
        { name: 'gateway', options: request(gateway) },
      ],
      SETTINGS,
    )) as [TRun, TRun];

    console.log('checking the ledger...');
    const broken = await findAccountsBreakingInvariant(pool);
    const { rows: [counts] } = await pool.query<{ accounts: number; negative: number; entries: number; holds: number; pending: number }>(`
      SELECT (SELECT count(*)::int FROM ledger_accounts) AS accounts,
             (SELECT count(*)::int FROM ledger_accounts WHERE available < 0 OR held < 0) AS negative,
             (SELECT count(*)::int FROM ledger_entries) AS entries,
             (SELECT count(*)::int FROM ledger_entries WHERE kind = 'withdrawal_hold') AS holds,
             (SELECT count(*)::int FROM withdrawals WHERE status = 'pending') AS pending`);
    const chains = await Promise.all(tokens.map((token) => call<{ valid: boolean; entries: number }>(gateway, 'GET', '/api/ledger/verify', token)));
    const chainsValid = chains.filter((c) => c.valid).length;
    const accepted = direct.ok + viaGateway.ok;
    const invariant = {
      accountsChecked: counts!.accounts,
      accountsBreakingInvariant: broken.length,
      negativeBalances: counts!.negative,
      acceptedInMeasuredRounds: accepted,
      holds: counts!.holds,
      pendingWithdrawals: counts!.pending,
      chainsValid: `${chainsValid}/${chains.length}`,
    };

    const text = [
      `Withdrawals: POST /api/withdrawals of ${AMOUNT} (hold in one transaction, Idempotency-Key per request), ${WORKERS} workers round-robin`,
      machineLine(),
      settingsLine(SETTINGS),
      '',
      ...formatTable(comparisonRows(direct, viaGateway)),
      '',
      `Invariant check after the run: ${counts!.accounts} accounts, ${broken.length} breaking "entries sum to available + held",`,
      `${counts!.negative} negative balances, ${counts!.entries} entries (${counts!.holds} holds = ${counts!.pending} pending withdrawals, warm-up included),`,
      `hash chains verified through GET /api/ledger/verify: ${chainsValid}/${chains.length} valid.`,
      broken.length === 0 && counts!.negative === 0 && chainsValid === chains.length && counts!.holds === counts!.pending ? 'RESULT: ledger sound' : 'RESULT: LEDGER BROKEN',
      '',
    ].join('\n');
    console.log(`\n${text}`);
    mkdirSync(join(HERE, 'results'), { recursive: true });
    writeFileSync(join(HERE, 'results', 'withdrawals.txt'), text);
    writeFileSync(
      join(HERE, 'results', 'withdrawals.json'),
      `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: cpus().length, loadavg: loadavg(), settings: SETTINGS, workers: WORKERS, direct, viaGateway, invariant, counts }, null, 2)}\n`,
    );
    if (broken.length || counts!.negative || chainsValid !== chains.length) process.exitCode = 1;
  } finally {
    await pool.end();
    await stack.stop();
  }
}

await main();
