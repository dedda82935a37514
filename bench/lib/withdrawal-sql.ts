/**
 * The SQL of one accepted withdrawal (services/payouts: withdrawals.use-case.ts, post-entry.ts, service-kit's
 * writeEvent), replayed by pgbench on a scratch database with the real schema: the database's own share of a
 * withdrawal, without HTTP, Node or the relay. Its tps beside TPC-B's says how far the SQL alone is from TPC-B.
 * Same statements in the same transactions and round trips; the JSON and hashes are of the same size, not computed.
 */
import { createPool, KIT_MIGRATIONS_DIR, runMigrations } from '@platform/service-kit';
import { PAYOUTS_MIGRATIONS_DIR } from '../../services/payouts/src/index.js';

export const REPLICA_ACCOUNTS = 40;

const USER = "bench_user(:n)";
const EVENT = `jsonb_build_object('id', gen_random_uuid(), 'type', 'withdrawal.requested', 'version', 1, 'occurredAt', now()::text, 'correlationId', 'request-id-0123456789', 'causationId', null,
  'data', jsonb_build_object('withdrawalId', gen_random_uuid(), 'userId', ${USER}, 'amount', '50.00', 'currency', 'BTC', 'networkFee', '0.0005', 'walletAddress', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'requestedAt', now()::text))`;
const ANSWER = `jsonb_build_object('id', gen_random_uuid(), 'amount', '50.00', 'currency', 'BTC', 'networkFee', '0.0005', 'walletAddress', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'status', 'pending', 'createdAt', now()::text, 'adminComment', null, 'reviewedAt', null, 'txReference', null)`;

/**
 * pgbench script (-M prepared), in the service's 3 round trips: the key; BEGIN, the account ensured and locked, the key
 * under the lock (one pipeline); the writes and COMMIT (one pipeline). The entry's seq is read in its statement
 * (pgbench cannot keep a result inside a pipeline).
 */
export const WITHDRAWAL_SQL_SCRIPT = [
  `\\set n random(1, ${REPLICA_ACCOUNTS})`,
  '\\set k random(1, 2000000000)',
  `SELECT request_hash, response FROM idempotency_keys WHERE user_id = ${USER} AND key = :k;`,
  '\\startpipeline',
  'BEGIN;',
  `INSERT INTO ledger_accounts (user_id) VALUES (${USER}) ON CONFLICT (user_id) DO NOTHING;`,
  `SELECT user_id, available::text, held::text, last_entry_hash, entry_count FROM ledger_accounts WHERE user_id = ${USER} FOR UPDATE;`,
  `SELECT request_hash, response FROM idempotency_keys WHERE user_id = ${USER} AND key = :k;`,
  '\\endpipeline',
  '\\startpipeline',
  `INSERT INTO withdrawals (id, user_id, amount, currency, network_fee, wallet_address, idempotency_key, created_at, updated_at)
     VALUES (gen_random_uuid(), ${USER}, 50.00, 'BTC', 0.0005, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', gen_random_uuid()::text, now(), now());`,
  `WITH e AS (INSERT INTO ledger_entries (id, user_id, seq, kind, amount, available_after, held_after, reference_type, reference_id, reason, created_by, created_at, prev_hash, hash)
     VALUES (gen_random_uuid(), ${USER}, (SELECT entry_count + 1 FROM ledger_accounts WHERE user_id = ${USER}), 'withdrawal_hold', -50.00, 900000.00, 100000.00, 'withdrawal',
       gen_random_uuid()::text, null, ${USER}, now(), md5('p') || md5('q'), md5('h') || md5('i'))
     ON CONFLICT (kind, reference_type, reference_id) WHERE reference_id IS NOT NULL DO NOTHING RETURNING user_id, seq)
   UPDATE ledger_accounts a SET available = 900000.00, held = 100000.00, last_entry_hash = md5('h') || md5('i'), entry_count = e.seq, updated_at = now() FROM e WHERE a.user_id = e.user_id;`,
  `INSERT INTO outbox (id, type, payload) VALUES (gen_random_uuid(), 'withdrawal.requested', ${EVENT});`,
  `INSERT INTO idempotency_keys (user_id, key, request_hash, response) VALUES (${USER}, gen_random_uuid()::text, md5('r') || md5('s'), ${ANSWER});`,
  'COMMIT;',
  '\\endpipeline',
  '',
]
  .map((line) => line.replace(/\n\s+/g, ' '))
  .join('\n');

/** The kit's and payouts' migrations, the accounts, and bench_user(n) naming account n. */
export async function prepareWithdrawalReplica(url: string): Promise<void> {
  const pool = createPool(url, { max: 1 });
  try {
    await runMigrations(pool, [
      { name: 'service-kit', dir: KIT_MIGRATIONS_DIR },
      { name: 'payouts', dir: PAYOUTS_MIGRATIONS_DIR },
    ]);
    await pool.query(`CREATE FUNCTION bench_user(n bigint) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$ SELECT ('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid $$`);
    await pool.query(`INSERT INTO ledger_accounts (user_id, available, held) SELECT bench_user(n), 900000.00, 100000.00 FROM generate_series(1, ${REPLICA_ACCOUNTS}) AS n`);
  } finally {
    await pool.end();
  }
}
