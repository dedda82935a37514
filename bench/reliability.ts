/**
 * The reliability suite (issue 19): each scenario starts the whole stack in a namespace of its own, injects its
 * fault, checks what the servers hold afterwards and adds a row to bench/results/reliability.txt: scenario, load
 * held, fault, requests accepted, lost, applied twice, recovery time.
 *
 * Run: `npm run bench:reliability` (all), or `npm run bench:reliability -- <name> ...` (some; the other rows are kept
 * from bench/results/reliability.json). Scenarios: payouts, work, chat (SIGKILL mid-load), poison (dead letter and
 * replay), rabbitmq, postgres, bank (these three stop the SHARED servers), redis, redis-volatile (a Redis of their
 * own), soak (SOAK_MINUTES, default 2; the issue asks for 10).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TStack } from '../scripts/stack.js';
import {
  bankCheck,
  chatInstanceKilledMidLoad,
  ensureServersRunning,
  payoutsKilledMidLoad,
  poisonEventReplayed,
  postgresRestartedMidLoad,
  rabbitStoppedMidLoad,
  redisRestartedMidChat,
  soak,
  startPrivateRedis,
  startReliabilityStack,
  workKilledMidLoad,
  type TPrivateRedis,
  type TScenarioResult,
} from './lib/reliability.js';
import { machineLine } from './lib/load.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const RESULTS = join(HERE, 'results');
interface TScenario {
  name: string;
  /** The scenario restarts a Redis of its own (the stack is started on it); 'volatile': without persistence. */
  privateRedis?: true | 'volatile';
  run: (stack: TStack, redis: TPrivateRedis | undefined) => Promise<TScenarioResult>;
}
const SCENARIOS: TScenario[] = [
  { name: 'payouts', run: (stack) => payoutsKilledMidLoad(stack, { workers: 10, seconds: 20, killAtMs: 5_000 }) },
  { name: 'work', run: (stack) => workKilledMidLoad(stack, { workers: 10, seconds: 20, killAtMs: 5_000 }) },
  { name: 'chat', run: (stack) => chatInstanceKilledMidLoad(stack, { senders: 8, listeners: 100, seconds: 20 }) },
  { name: 'poison', run: (stack) => poisonEventReplayed(stack, { workers: 5, approvals: 100 }) },
  // These three stop or restart the SHARED RabbitMQ and PostgreSQL: run them only when no one else uses the servers.
  { name: 'rabbitmq', run: (stack) => rabbitStoppedMidLoad(stack, { workers: 10, downMs: 20_000, stopAtMs: 5_000 }) },
  { name: 'postgres', run: (stack) => postgresRestartedMidLoad(stack, { workers: 10, restartAtMs: 5_000 }) },
  { name: 'bank', run: (stack) => bankCheck(stack, { workers: 20, seconds: 120 }) },
  { name: 'redis', privateRedis: true, run: (stack, redis) => redisRestartedMidChat(stack, redis!, { senders: 8, listeners: 200, seconds: 20, restartAtMs: 5_000 }) },
  // What the append-only file is for: without it a logged-out token is accepted again and scheduled jobs stop.
  { name: 'redis-volatile', privateRedis: 'volatile', run: (stack, redis) => redisRestartedMidChat(stack, redis!, { senders: 4, listeners: 50, seconds: 12, restartAtMs: 4_000 }) },
  // The issue asks for 10 minutes; `SOAK_MINUTES=10 npm run bench:reliability -- soak`.
  { name: 'soak', run: (stack) => soak(stack, { workers: 10, minutes: Number(process.env.SOAK_MINUTES ?? 2) }) },
];

// `npm run bench:reliability -- work chat` runs only those; the table keeps the other rows of the last runs
// (bench/results/reliability.json), each with the time it ran.
const only = process.argv.slice(2);
const keep = process.env.RELIABILITY_KEEP === '1';
const unknown = only.filter((name) => !SCENARIOS.some((s) => s.name === name));
if (unknown.length) throw new Error(`No scenario named ${unknown.join(', ')} (${SCENARIOS.map((s) => s.name).join(', ')})`);
const kept: Record<string, TScenarioResult & { ranAt: string }> = only.length && existsSync(join(RESULTS, 'reliability.json')) ? JSON.parse(readFileSync(join(RESULTS, 'reliability.json'), 'utf8')) : {};
for (const scenario of SCENARIOS.filter((s) => only.length === 0 || only.includes(s.name))) {
  const redis = scenario.privateRedis ? await startPrivateRedis({ persistence: scenario.privateRedis !== 'volatile' }) : undefined;
  try {
    const namespace = `rel_${scenario.name}_${Date.now().toString(36)}`;
    // RELIABILITY_KEEP=1: a post-mortem; the databases, queues and keys stay, every process logs at warn to
    // bench/results/reliability-<namespace>.log.
    const stack = await startReliabilityStack(namespace, { ...(redis ? { redisUrl: redis.url } : {}), ...(keep ? { logFile: join(RESULTS, `reliability-${namespace}.log`) } : {}) });
    try {
      const result = await scenario.run(stack, redis);
      kept[scenario.name] = { ...result, ranAt: new Date().toISOString() };
      console.log(JSON.stringify(result));
    } finally {
      await stack.stop();
    }
  } finally {
    await redis?.close();
    await ensureServersRunning();
  }
}
const results = SCENARIOS.flatMap((s) => (kept[s.name] ? [kept[s.name]!] : []));

const header = ['scenario', 'load held', 'fault', 'accepted', 'lost', 'applied twice', 'recovery'];
const rows = results.map((r) => [r.scenario, r.load, r.fault, String(r.accepted), String(r.lost), String(r.appliedTwice), `${(r.recoveryMs / 1000).toFixed(1)} s`]);
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
const text = [
  `Reliability (bench/reliability.ts)  ${machineLine()}`,
  'each scenario on a whole stack of its own (two chat instances); lost and applied twice are counted from what the databases and the clients hold afterwards',
  '',
  line(header),
  ...rows.map(line),
  '',
  ...results.flatMap((r) => [`${r.scenario} (ran ${r.ranAt}):`, ...r.notes.map((n) => `  - ${n}`)]),
  '',
].join('\n');
mkdirSync(RESULTS, { recursive: true });
writeFileSync(join(RESULTS, 'reliability.json'), `${JSON.stringify(kept, null, 2)}\n`);
writeFileSync(join(RESULTS, 'reliability.txt'), text);
console.log(`\n${text}`);
