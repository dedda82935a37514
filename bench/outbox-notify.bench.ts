/**
 * How to wake the outbox relay, measured: a writing transaction (BEGIN; the outbox insert; COMMIT) with pgbench on a
 * scratch database, the NOTIFY in it as a second statement (before issue 17), folded into the insert (one statement,
 * a CTE), by a trigger on the outbox, and with no NOTIFY at all (the relay woken after the commit, in the process, as
 * service-kit does now). Alternating rounds; writes bench/results/outbox-notify.txt.
 * Run: `npx tsx bench/outbox-notify.bench.ts` (about 2 minutes). BENCH_CLIENTS (8), BENCH_SECONDS (8), BENCH_ROUNDS (3).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_POSTGRES_URL, uniqueName } from '@platform/service-kit/testing';
import { createScratchDatabase, type TPgbenchResult } from './lib/pgbench.js';
import { loadLine } from './lib/proc.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const INSERT = `INSERT INTO outbox (id, type, payload) VALUES (gen_random_uuid(), 'x.happened', '{"id":"x","data":{"n":1}}')`;
const VARIANTS: { name: string; script: string }[] = [
  { name: 'insert, then SELECT pg_notify (2 statements, before)', script: `BEGIN;\n${INSERT};\nSELECT pg_notify('outbox_new', '');\nEND;\n` },
  { name: 'insert with pg_notify in one statement (CTE)', script: `BEGIN;\nWITH o AS (${INSERT} RETURNING 1) SELECT pg_notify('outbox_new', '') FROM o;\nEND;\n` },
  { name: 'insert, NOTIFY by a statement trigger', script: `BEGIN;\n${INSERT.replace('INTO outbox ', 'INTO outbox_t ')};\nEND;\n` },
  { name: 'insert, no NOTIFY (relay woken after commit)', script: `BEGIN;\n${INSERT};\nEND;\n` },
];

async function main(): Promise<void> {
  const db = await createScratchDatabase(TEST_POSTGRES_URL, uniqueName('bench_notify'));
  try {
    await db.query(`
      CREATE TABLE outbox (id uuid PRIMARY KEY, type text NOT NULL, payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz, attempts integer NOT NULL DEFAULT 0, last_error text, seq bigint GENERATED ALWAYS AS IDENTITY);
      CREATE INDEX outbox_unsent_seq_idx ON outbox (seq) WHERE sent_at IS NULL;
      CREATE TABLE outbox_t (LIKE outbox INCLUDING ALL);
      CREATE FUNCTION outbox_wake() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('outbox_new', ''); RETURN NULL; END $$;
      CREATE TRIGGER outbox_t_wake AFTER INSERT ON outbox_t FOR EACH STATEMENT EXECUTE FUNCTION outbox_wake();`);
    const results = VARIANTS.map(() => [] as TPgbenchResult[]);
    const loads: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [i, variant] of VARIANTS.entries()) {
        console.log(`round ${round}/${ROUNDS}: ${variant.name}...`);
        results[i]!.push(await db.bench({ clients: CLIENTS, seconds: SECONDS, scripts: { [`v${i}.sql`]: variant.script } }));
      }
      loads.push(loadLine());
    }
    const reference = results[VARIANTS.length - 1]!;
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const rows = VARIANTS.map((variant, i) => {
      const tps = results[i]!.map((r) => r.tps);
      return [
        variant.name,
        tps.map((t) => t.toFixed(0)).join(' / '),
        mean(results[i]!.map((r) => r.latencyMs)).toFixed(2),
        mean(results[i]!.map((r) => r.cpuMsPerTransaction)).toFixed(3),
        (mean(tps) / mean(reference.map((r) => r.tps))).toFixed(2),
      ];
    });
    const header = ['variant', `tps per round (${ROUNDS})`, 'latency ms', 'PG CPU ms/txn', 'vs no NOTIFY'];
    const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
    const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('   ');
    const text = [
      `Waking the outbox relay: one outbox insert per transaction, pgbench -M prepared -c ${CLIENTS} -T ${SECONDS} per variant, ${ROUNDS} alternating rounds`,
      `${new Date().toISOString()}  node ${process.version}  ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}`,
      ...loads.map((l, i) => `after round ${i + 1}: ${l}`),
      '',
      line(header),
      ...rows.map(line),
      '',
      'A NOTIFY in the writing transaction takes PostgreSQL\'s global notify lock at commit and holds it through the',
      'commit\'s WAL flush, so notifying writers commit one at a time (no group commit). service-kit therefore writes',
      'the event row alone and wakes the relay after the commit: directly in the process, or by one NOTIFY in flight',
      'per pool when no relay runs in the process (packages/service-kit/src/outbox-signal.ts).',
      '',
    ].join('\n');
    console.log(`\n${text}`);
    mkdirSync(join(HERE, 'results'), { recursive: true });
    writeFileSync(join(HERE, 'results', 'outbox-notify.txt'), text);
  } finally {
    await db.drop();
  }
}

await main();
