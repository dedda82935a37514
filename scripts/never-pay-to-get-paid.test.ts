import { randomUUID } from 'node:crypto';
import { LEDGER_ENTRY_KINDS, type TLedgerEntryKind } from '@platform/contracts';
import type { TOpenApiDocument } from '@platform/service-kit';
import { eventually } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectOf } from '../services/payouts/src/domain/ledger.js';
import { toCents } from '../services/payouts/src/domain/money.js';
import { ACCOUNTS_ROUTING_KEYS } from '../services/payouts/src/entry-points/messaging/on-user-event.handler.js';
import { REWARDS_ROUTING_KEYS } from '../services/payouts/src/entry-points/messaging/on-submission-approved.handler.js';
import { SETTINGS_ROUTING_KEYS } from '../services/payouts/src/entry-points/messaging/on-settings-changed.handler.js';
import { TOP_UPS_ROUTING_KEYS } from '../services/payouts/src/entry-points/messaging/on-task-topped-up.handler.js';
import { ETH_ADDRESS, startPayoutsHarness, type TPayoutsHarness, type TTestUser } from '../services/payouts/test/helpers.js';
import { SERVICE_NAMES, startServicesForDocuments, type TDocumentServices } from './service-documents.js';

/**
 * Issue 31 item 1, principle 8 ("never pay to get paid"): nothing takes a worker's money except a withdrawal (its hold
 * and payout; the network fee is information copied onto it, never an entry) and an admin adjustment with a reason
 * (and, issue 28, the worker's own give-up of the balance when closing the account, the amount confirmed by them).
 *
 * - Every ledger entry kind in payouts' schema (the CHECK constraint of ledger_entries, the only place money moves)
 *   is tried against the database with either sign: a kind that can lower available or the total is a debit kind.
 * - Every route of every service (each one's OpenAPI document, built from its real route table) is walked: none
 *   asks for a deposit, a fee or a purchase; every payouts route is called as the worker and as an admin against a
 *   funded account, and each entry that took money is traced to the route that posted it.
 * - Every event payouts consumes is delivered with a valid payload: none takes money.
 * A new kind, route or event that takes money fails here until it is one of the allowed paths.
 */

/** The only kinds of entry that may take money from a worker's available balance or total. */
const ALLOWED_DEBIT_KINDS: readonly TLedgerEntryKind[] = ['admin_adjustment', 'balance_given_up', 'withdrawal_hold', 'withdrawal_payout'];

/** The only routes that may post them (documented path), and what each posts. */
const DEBIT_ROUTES: Record<string, readonly TLedgerEntryKind[]> = {
  'POST /api/withdrawals': ['withdrawal_hold'],
  'POST /api/withdrawals/closing': ['withdrawal_hold'],
  'PATCH /api/admin/withdrawals/{id}': ['withdrawal_payout'],
  'PATCH /api/admin/users/{id}/balance': ['admin_adjustment'],
  'POST /api/ledger/give-up': ['balance_given_up'],
};

/** Words of a route that would ask a worker for money (in a path segment, a query parameter or a body field). */
const ASKS_FOR_MONEY = /deposit|unlock|top-?up|purchase|checkout|buy|subscri|membership|activation|card_?number|cardNumber|pay-?in|paid-?level/i;

let h: TPayoutsHarness;
let worker: TTestUser;
let documents: Record<string, TOpenApiDocument> = {};
let others: TDocumentServices | undefined;

beforeAll(async () => {
  h = await startPayoutsHarness('never_pay');
  // Every other service as it builds its document (payouts is the harness's, with its consumers on).
  others = await startServicesForDocuments('never_pay', SERVICE_NAMES.filter((name) => name !== 'payouts'));
  documents = (await others.documents()) as Record<string, TOpenApiDocument>;
  documents.payouts = (await (await fetch(`${h.service.url}/internal/openapi.json`)).json()) as TOpenApiDocument;
  worker = await h.newUser();
  await h.openAccount(worker.id);
  // The worker has started closing their account (auth's account.closing_started), so the closing withdrawal and the
  // give-up are reachable with a valid request (issue 28: without the intent both are refused).
  await h.publish(h.envelope('account.closing_started', { userId: worker.id, startedAt: new Date().toISOString() }));
  await eventually(async () => (await h.query('SELECT 1 FROM closing_intents WHERE user_id = $1', [worker.id])).length === 1, { what: 'the closing intent' });
}, 120_000);

afterAll(async () => {
  await others?.stop();
  await h?.close();
});

/** Whether an entry of this kind and signed amount (cents) takes money: lowers available or the total. */
function takesMoney(kind: TLedgerEntryKind, amount: bigint): boolean {
  const effect = effectOf(kind, amount);
  return effect.available < 0n || effect.available + effect.held < 0n;
}

/** Whether the database accepts an entry of this kind and amount (tried in a transaction that is rolled back). */
async function databaseAccepts(kind: string, amount: string, reason: string | null): Promise<boolean> {
  const client = await h.service.pool.connect();
  try {
    await client.query('BEGIN');
    const userId = randomUUID();
    await client.query('INSERT INTO ledger_accounts (user_id) VALUES ($1)', [userId]);
    await client.query(
      `INSERT INTO ledger_entries (id, user_id, seq, kind, amount, available_after, held_after, reason, created_at, prev_hash, hash)
       VALUES ($1, $2, 1, $3, $4, 100, 100, $5, now(), repeat('0', 64), repeat('1', 64))`,
      [randomUUID(), userId, kind, amount, reason],
    );
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '23514') return false; // check_violation
    throw error;
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

describe('never pay to get paid: every ledger entry kind', () => {
  it('when every kind of the ledger schema is tried with either sign, then only a withdrawal, an admin adjustment and the worker\'s own give-up can take money', async () => {
    const [constraint] = await h.query<{ def: string }>(
      "SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'ledger_entries_kind_check' AND conrelid = 'ledger_entries'::regclass",
    );
    const schemaKinds = [...(constraint?.def ?? '').matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!);
    expect(schemaKinds.sort()).toEqual([...LEDGER_ENTRY_KINDS].sort());

    const debitKinds: string[] = [];
    for (const kind of schemaKinds as TLedgerEntryKind[]) {
      for (const amount of ['-5.00', '5.00']) {
        if ((await databaseAccepts(kind, amount, 'a reason')) && takesMoney(kind, toCents(amount))) debitKinds.push(kind);
      }
    }
    expect([...new Set(debitKinds)].sort()).toEqual([...ALLOWED_DEBIT_KINDS].sort());
    // A deduction by an admin always carries a reason: the database refuses one without.
    expect(await databaseAccepts('admin_adjustment', '-5.00', null)).toBe(false);
    expect(await databaseAccepts('admin_adjustment', '-5.00', '  ')).toBe(false);
  });
});

/** A value for a JSON schema (from an OpenAPI document): every property, the first enum value, a string otherwise. */
function sampleFromJsonSchema(schema: unknown, components: Record<string, unknown>, depth = 0): unknown {
  if (!schema || typeof schema !== 'object' || depth > 6) return 'probe';
  const s = schema as Record<string, unknown>;
  if (typeof s.$ref === 'string') return sampleFromJsonSchema(components[s.$ref.split('/').pop()!], components, depth + 1);
  if (Array.isArray(s.enum)) return s.enum[0];
  if ('const' in s) return s.const;
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) if (Array.isArray(s[key])) return sampleFromJsonSchema((s[key] as unknown[])[0], components, depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'object' || s.properties) {
    return Object.fromEntries(Object.entries((s.properties ?? {}) as Record<string, unknown>).map(([key, value]) => [key, sampleFromJsonSchema(value, components, depth + 1)]));
  }
  if (type === 'array') return [];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (s.format === 'uuid') return randomUUID();
  return 'probe';
}

/** The names a route shows: its path segments, query and header parameters, and its body's fields (nested). */
function namesOf(path: string, operation: TOpenApiDocument['paths'][string][string], components: Record<string, unknown>): string[] {
  const names = path.split('/').filter(Boolean);
  for (const parameter of operation.parameters ?? []) names.push(parameter.name);
  const collect = (schema: unknown, depth: number) => {
    if (!schema || typeof schema !== 'object' || depth > 6) return;
    const s = schema as Record<string, unknown>;
    if (typeof s.$ref === 'string') collect(components[s.$ref.split('/').pop()!], depth + 1);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) if (Array.isArray(s[key])) for (const item of s[key] as unknown[]) collect(item, depth + 1);
    for (const [name, value] of Object.entries((s.properties ?? {}) as Record<string, unknown>)) {
      names.push(name);
      collect(value, depth + 1);
    }
  };
  for (const content of Object.values(operation.requestBody?.content ?? {})) collect(content.schema, 0);
  return names;
}

describe('never pay to get paid: every route of every service', () => {
  it('when every route of every service is read, then none asks for a deposit, a fee or a purchase', () => {
    expect(Object.keys(documents).sort()).toEqual([...SERVICE_NAMES].sort());
    const asking: string[] = [];
    let operations = 0;
    for (const [service, document] of Object.entries(documents)) {
      for (const [path, item] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(item)) {
          operations += 1;
          const words = namesOf(path, operation, document.components.schemas).filter((name) => ASKS_FOR_MONEY.test(name));
          if (words.length) asking.push(`${service}: ${method.toUpperCase()} ${path} (${words.join(', ')})`);
        }
      }
    }
    expect(operations).toBeGreaterThan(100);
    expect(asking).toEqual([]);
    // The probe itself can fail: it would flag a deposit route.
    expect(namesOf('/api/wallet/deposit', { operationId: 'x', tags: [], summary: '', responses: {} }, {}).some((n) => ASKS_FOR_MONEY.test(n))).toBe(true);
  });

  it('when every payouts route is called as the worker and as an admin against a funded account, then only the withdrawal, adjustment and give-up routes take money', async () => {
    const document = documents.payouts!;
    const seen = new Set((await h.query<{ id: string }>('SELECT id FROM ledger_entries')).map((r) => r.id));
    const newEntries = async () => {
      const rows = await h.query<{ id: string; kind: TLedgerEntryKind; amount: string }>('SELECT id, kind, amount::text FROM ledger_entries ORDER BY user_id, seq');
      const fresh = rows.filter((r) => !seen.has(r.id));
      for (const r of fresh) seen.add(r.id);
      return fresh;
    };
    const balance = async () => (await h.query<{ available: string }>('SELECT available::text FROM ledger_accounts WHERE user_id = $1', [worker.id]))[0]!.available;
    const pendingWithdrawal = async (): Promise<string> => {
      const res = await h.api('POST', '/api/withdrawals', { token: worker.token, headers: { 'idempotency-key': randomUUID() }, body: { amount: '60.00', currency: 'ETH', walletAddress: ETH_ADDRESS } });
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    const samples: Record<string, () => Promise<unknown>> = {
      'POST /api/withdrawals': async () => ({ amount: '60.00', currency: 'ETH', walletAddress: ETH_ADDRESS }),
      'POST /api/withdrawals/closing': async () => ({ currency: 'ETH', walletAddress: ETH_ADDRESS }),
      'POST /api/ledger/give-up': async () => ({ amount: await balance() }),
      'PATCH /api/admin/users/{id}/balance': async () => ({ balance: '700.00', reason: 'Correction' }),
      'PATCH /api/admin/withdrawals/{id}': async () => ({ status: 'approved', txReference: 'tx-31', adminComment: 'Paid' }),
      'POST /api/user/payout-wallets': async () => ({ currency: 'ETH', address: ETH_ADDRESS, label: 'Main' }),
    };

    const debits = new Set<string>();
    let calls = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const route = `${method.toUpperCase()} ${path}`;
        for (const caller of [worker, h.admin]) {
          // Arrange: a funded account (and a pending withdrawal for a decision); what this posts is not the route's.
          if ((await balance()) !== '1000.00') await h.fund(worker.id, '1000.00');
          const withdrawalId = path.startsWith('/api/admin/withdrawals/{') ? await pendingWithdrawal() : undefined;
          await newEntries();

          const concrete = path.replace(/\{([^}]+)\}/g, (_, name: string) => (name === 'id' && withdrawalId ? withdrawalId : name === 'id' || name === 'userId' ? worker.id : randomUUID()));
          const query = (operation.parameters ?? []).filter((p) => p.in === 'query' && p.name === 'userIds').map(() => `userIds=${worker.id}`).join('&');
          const bodySchema = operation.requestBody?.content['application/json']?.schema;
          const body = samples[route] ? await samples[route]() : bodySchema ? sampleFromJsonSchema(bodySchema, document.components.schemas) : undefined;
          const res = await h.api(method.toUpperCase(), query ? `${concrete}?${query}` : concrete, { token: caller.token, body, headers: { 'idempotency-key': randomUUID() } });
          expect(res.status, `${route}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
          calls += 1;

          for (const entry of await newEntries()) {
            if (takesMoney(entry.kind, toCents(entry.amount))) debits.add(`${route} ${entry.kind}`);
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(30);
    // Exactly the allowed routes took money, each by its own kind: a new debit path fails here, and so does a
    // listed one that no longer posts (the walk reaches it with a valid request, so the table stays true).
    const allowed = Object.entries(DEBIT_ROUTES).flatMap(([route, kinds]) => kinds.map((kind) => `${route} ${kind}`));
    expect([...debits].sort()).toEqual(allowed.sort());
    for (const kinds of Object.values(DEBIT_ROUTES)) for (const kind of kinds) expect(ALLOWED_DEBIT_KINDS).toContain(kind);
  }, 120_000);

  it('when every event payouts consumes is delivered with a valid payload, then none takes money', async () => {
    const consumed = [...ACCOUNTS_ROUTING_KEYS, ...REWARDS_ROUTING_KEYS, ...SETTINGS_ROUTING_KEYS, ...TOP_UPS_ROUTING_KEYS];
    const someone = await h.newUser();
    const now = new Date().toISOString();
    const payloads: Record<string, unknown> = {
      'user.registered': { userId: someone.id, email: `${someone.id}@example.com`, firstName: 'Ada', lastName: 'L', role: 'employee', referralSource: null, registeredAt: now },
      'user.updated': { userId: someone.id, email: `${someone.id}@example.com`, firstName: 'Ada', lastName: 'L', role: 'employee', isActive: false, isVerified: true, updatedAt: now },
      'submission.approved': { userId: someone.id, assignmentId: randomUUID(), taskId: randomUUID(), reward: '5.00', approvedAt: now, approvedBy: null },
      'settings.changed': { key: 'starting_balance', value: '3.00', changedBy: h.admin.id, changedAt: now },
      'user.deleted': { userId: someone.id, requestedBy: 'self', deletedBy: someone.id, deletedAt: now },
      'account.closing_started': { userId: someone.id, startedAt: now },
      'task.topped_up': {
        userId: someone.id,
        assignmentId: randomUUID(),
        taskId: randomUUID(),
        taskTitle: 'Probe',
        amount: '1.25',
        reward: '5.00',
        medianSeconds: 3600,
        workers: 10,
        hourlyRate: '5.00',
        minimumHourlyRate: '6.25',
        toppedUpAt: now,
      },
    };
    expect(consumed.sort()).toEqual(Object.keys(payloads).sort());
    const before = (await h.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entries'))[0]!.n;
    for (const key of ['user.registered', 'submission.approved', 'task.topped_up', 'account.closing_started', 'user.updated', 'settings.changed', 'user.deleted']) {
      await h.publish(h.envelope(key as 'user.registered', payloads[key]));
    }
    await eventually(async () => (await h.query("SELECT 1 FROM ledger_entries WHERE user_id = $1 AND kind IN ('task_reward', 'task_top_up')", [someone.id])).length === 2, {
      what: 'the reward and the top-up to be credited',
    });
    const entries = await h.query<{ kind: TLedgerEntryKind; amount: string }>('SELECT kind, amount::text FROM ledger_entries OFFSET $1', [before]);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.filter((e) => takesMoney(e.kind, toCents(e.amount)))).toEqual([]);
  });
});
