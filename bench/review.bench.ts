/**
 * Decisions per minute through the bulk path beside the single path (issue 30 item 4), in the same run.
 * Run: `npx tsx bench/review.bench.ts` (default size: 2 rounds of 300 submissions each way, about a minute).
 * Sizes: BENCH_REVIEW_ITEMS (per path per round, default 300), BENCH_REVIEW_ROUNDS (default 2), BENCH_REVIEW_CONCURRENCY
 * (admins approving one by one at once on the single path, default 4), BENCH_REVIEW_BATCH (the job's batch, default
 * the service's 100). Writes bench/results/review.txt.
 *
 * The real work service in-process (as its tests run it: own database, exchange and Redis prefix), its HTTP API on
 * port 0, a real admin token. Each round seeds 2 x N submissions awaiting review straight into the database (one task
 * each), then, alternating which goes first:
 *   - single: N x POST /api/admin/submissions/{id}/approve, CONCURRENCY at a time (what admins clicking Approve do);
 *   - bulk: one POST /api/admin/review-jobs {ids} (spot checks off), then GET /api/admin/review-jobs/{id} every 100 ms
 *     until done (what the console does), timed from the POST to the poll that reads done.
 * Both end in the same approveAsAdmin (same submission.approved in the outbox), so the figure compares the doors, not
 * the work. Afterwards it checks that every seeded submission was approved exactly once (one event each).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTokenSigner } from '@platform/service-kit';
import { createTestEnvironment } from '@platform/service-kit/testing';
import { loadWorkConfig } from '../services/work/src/config.js';
import { start } from '../services/work/src/index.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ITEMS = Number(process.env.BENCH_REVIEW_ITEMS ?? 300);
const ROUNDS = Number(process.env.BENCH_REVIEW_ROUNDS ?? 2);
const CONCURRENCY = Number(process.env.BENCH_REVIEW_CONCURRENCY ?? 4);
const BATCH = process.env.BENCH_REVIEW_BATCH;

async function main(): Promise<void> {
  // The machine may be shared: its load is written beside the figures, before and after the run.
  const loadBefore = loadavg();
  const environment = await createTestEnvironment('bench_review');
  const uploadDir = mkdtempSync(join(tmpdir(), 'bench-review-'));
  const config = loadWorkConfig({ ...environment.env, UPLOAD_DIR: uploadDir, JOBS_ENABLED: 'false', LOG_LEVEL: 'warn', REVIEW_JOB_POLL_MS: '200', ...(BATCH ? { REVIEW_JOB_BATCH_SIZE: BATCH } : {}) });
  const service = await start(config);
  const signer = await createTokenSigner({ privateKeyPem: environment.keys.privateKeyPem, audience: config.JWT_AUDIENCE, issuer: config.JWT_ISSUER });
  const adminId = randomUUID();
  const token = await signer.sign({ id: adminId, role: 'admin' });
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${service.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
  const seed = async (count: number): Promise<string[]> => {
    const { rows } = await service.pool.query<{ id: string }>(
      `WITH t AS (
         INSERT INTO tasks (id, title, description, submission_instructions, reward, status, estimated_minutes)
         SELECT gen_random_uuid(), 'Bench ' || g, 'Photograph the storefront', 'One photo', 1.25, 'submitted', 10 FROM generate_series(1, $1::int) g RETURNING id)
       INSERT INTO task_assignments (id, task_id, user_id, status, submission, assigned_at, submitted_at)
       SELECT gen_random_uuid(), t.id, gen_random_uuid(), 'submitted', 'Done', now() - interval '2 hours', now() - interval '1 hour' FROM t RETURNING id`,
      [count],
    );
    return rows.map((r) => r.id);
  };
  await service.pool.query(`INSERT INTO settings (key, value, source_at) VALUES ('bulk_spot_check_every', '0', now()) ON CONFLICT (key) DO UPDATE SET value = '0'`);

  const single = async (ids: string[]): Promise<number> => {
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < ids.length) {
          const id = ids[next++] as string;
          const res = await call('POST', `/api/admin/submissions/${id}/approve`);
          if (res.status !== 200) throw new Error(`single approval answered ${res.status}: ${JSON.stringify(res.body)}`);
        }
      }),
    );
    return performance.now() - started;
  };
  const bulk = async (ids: string[]): Promise<number> => {
    const started = performance.now();
    const created = await call('POST', '/api/admin/review-jobs', { ids });
    if (created.status !== 202) throw new Error(`review job answered ${created.status}: ${JSON.stringify(created.body)}`);
    for (;;) {
      const job = await call('GET', `/api/admin/review-jobs/${created.body.id as string}`);
      if (job.body.status === 'done') {
        const counts = job.body.counts as Record<string, number>;
        if (counts.approved !== ids.length) throw new Error(`the job approved ${counts.approved} of ${ids.length}: ${JSON.stringify(counts)}`);
        return performance.now() - started;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const rows: { round: number; path: string; items: number; seconds: number; perMinute: number }[] = [];
  const all: string[] = [];
  try {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const a = await seed(ITEMS);
      const b = await seed(ITEMS);
      all.push(...a, ...b);
      const order = round % 2 ? (['single', 'bulk'] as const) : (['bulk', 'single'] as const);
      for (const path of order) {
        const ids = path === 'single' ? a : b;
        const ms = path === 'single' ? await single(ids) : await bulk(ids);
        rows.push({ round, path, items: ids.length, seconds: ms / 1000, perMinute: (ids.length * 60_000) / ms });
        console.log(`round ${round} ${path}: ${ids.length} in ${(ms / 1000).toFixed(1)} s = ${Math.round((ids.length * 60_000) / ms)} decisions/min`);
      }
    }
    const { rows: twice } = await service.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM (SELECT payload->'data'->>'assignmentId' FROM outbox WHERE type = 'submission.approved' AND payload->'data'->>'assignmentId' = ANY($1::text[]) GROUP BY 1 HAVING count(*) <> 1) x`,
      [all],
    );
    const { rows: approved } = await service.pool.query<{ n: string }>(`SELECT count(DISTINCT payload->'data'->>'assignmentId') AS n FROM outbox WHERE type = 'submission.approved' AND payload->'data'->>'assignmentId' = ANY($1::text[])`, [all]);
    const sum = (path: string) => {
      const of = rows.filter((r) => r.path === path);
      const items = of.reduce((s, r) => s + r.items, 0);
      const seconds = of.reduce((s, r) => s + r.seconds, 0);
      return { items, seconds, perMinute: (items * 60) / seconds };
    };
    const s = sum('single');
    const b = sum('bulk');
    const lines = [
      `review.bench ${new Date().toISOString()} load average (1, 5, 15 min) before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadavg().map((l) => l.toFixed(2)).join(' ')} (${availableParallelism()} cores)`,
      `items per path per round ${ITEMS}, rounds ${ROUNDS}, single-path concurrency ${CONCURRENCY}, job batch ${BATCH ?? 'service default (100)'}`,
      '',
      '| path | items | seconds | decisions per minute |',
      '|---|---|---|---|',
      `| single (POST .../approve x ${CONCURRENCY} at a time) | ${s.items} | ${s.seconds.toFixed(1)} | ${Math.round(s.perMinute)} |`,
      `| bulk (one review job, polled) | ${b.items} | ${b.seconds.toFixed(1)} | ${Math.round(b.perMinute)} |`,
      '',
      `bulk / single: ${(b.perMinute / s.perMinute).toFixed(2)}`,
      `every seeded submission approved once: ${Number(approved[0]?.n) === all.length && Number(twice[0]?.n) === 0 ? 'yes' : 'NO'} (${approved[0]?.n} of ${all.length}, ${twice[0]?.n} with another count of events)`,
      '',
      ...rows.map((r) => `round ${r.round} ${r.path}: ${r.items} in ${r.seconds.toFixed(1)} s = ${Math.round(r.perMinute)}/min`),
    ];
    console.log(`\n${lines.join('\n')}`);
    mkdirSync(join(HERE, 'results'), { recursive: true });
    writeFileSync(join(HERE, 'results', process.env.BENCH_REVIEW_RESULT ?? 'review.txt'), `${lines.join('\n')}\n`);
  } finally {
    await service.stop();
    await environment.cleanup();
    rmSync(uploadDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
