/**
 * Start time and memory of every process of the stack, under tsx (the TypeScript sources, as in development: the
 * reference) and compiled (the bundles of `npm run build:services`, as the images run them), in the same run.
 * For each runtime, in alternating rounds (tsx, compiled, compiled, tsx, ...):
 * - first start: the whole stack on fresh databases (scripts/stack.ts), each process timed from its spawn to its
 *   report of the addresses it listens on (its start() resolved: migrations applied, consumers bound, HTTP
 *   listening) and to its first 200 on /ready;
 * - restart: each process stopped (SIGTERM) and started again on its migrated database, as an instance of a rollout;
 * - resident memory (VmRSS, with any child process: tsx's esbuild) of each process, 5 s after the stack is ready.
 * tsx runs twice: on this machine's warm cache of compiled files, and cold (an empty TMPDIR per round: as the images
 * ran it before, in each fresh container).
 * Then the size of what each runtime ships.
 * Run after `npm run build:services`: `npx tsx bench/start.bench.ts` (about 6 minutes on a quiet machine). Writes
 * bench/results/start.txt and .json. `BENCH_ROUNDS` (3); `BENCH_RUNTIMES=tsx,compiled` runs only those; extra runtimes
 * to compare: `-- label=/path/to/tree`, a tree holding compiled programs at the same paths (services/<name>/dist/main.js...).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { uniqueName } from '@platform/service-kit/testing';
import { compiledPath, PROGRAMS } from '../scripts/compiled.js';
import { ROOT, SERVICES, startStack, type TStackOptions } from '../scripts/stack.js';
import { formatTable, machineLine } from './lib/load.js';
import { loadLine } from './lib/proc.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SETTLE_MS = 5_000;
const PROCESSES = [...SERVICES.flatMap((s) => Array.from({ length: s.instances }, (_, i) => (i === 0 ? s.name : `${s.name}-${i + 1}`))), 'gateway'];

interface TRuntime {
  label: string;
  options: Pick<TStackOptions, 'runtime' | 'compiledRoot'>;
  /**
   * Each process gets an empty temporary folder (TMPDIR): tsx keeps its compiled files in one, so this is tsx as in a
   * fresh container (the images before this change: a read-only root, /tmp an empty volume), not on a warm machine.
   */
  freshTmp?: boolean;
}

interface TSample {
  firstListeningMs: number;
  firstReadyMs: number;
  restartListeningMs: number;
  restartReadyMs: number;
  rssMiB: number;
}

/** Resident memory of a process and of its descendants (tsx runs esbuild as a child), in MiB. */
function rssMiB(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  let kib = 0;
  const visit = (p: number) => {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      kib += Number(match?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
    for (const child of children.get(p) ?? []) visit(child);
  };
  visit(pid);
  return kib / 1024;
}

/** One round of one runtime: first start, memory, then a restart of every process. */
async function round(runtime: TRuntime, keysDir: string): Promise<Record<string, TSample>> {
  const tmp = runtime.freshTmp ? mkdtempSync(join(tmpdir(), 'bench-start-tmp-')) : undefined;
  const stack = await startStack({ namespace: uniqueName('bench_start'), keysDir, ephemeral: true, logLevel: 'warn', ...runtime.options, ...(tmp ? { env: { TMPDIR: tmp } } : {}) });
  try {
    const first = structuredClone(stack.processes);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const rss = Object.fromEntries(PROCESSES.map((name) => [name, rssMiB(stack.processes[name]!.pid)]));
    for (const name of PROCESSES) {
      await stack.kill(name, 'SIGTERM');
      await stack.relaunch(name);
    }
    return Object.fromEntries(
      PROCESSES.map((name) => [
        name,
        {
          firstListeningMs: first[name]!.listeningMs,
          firstReadyMs: first[name]!.readyMs,
          restartListeningMs: stack.processes[name]!.listeningMs,
          restartReadyMs: stack.processes[name]!.readyMs,
          rssMiB: rss[name]!,
        },
      ]),
    );
  } finally {
    await stack.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function bytesOf(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, entry) => sum + bytesOf(join(path, entry)), 0);
}

/** Files of a tree that a runtime loads: TypeScript sources (tsx) or compiled JavaScript, per program. */
function sizeRows(runtimes: TRuntime[]): string[][] {
  const rows: string[][] = [['KiB shipped per program', ...runtimes.map((r) => r.label)]];
  for (const program of PROGRAMS) {
    rows.push([
      `${program.name}${program.name === 'service-kit' ? ' (CLIs)' : ''}`,
      ...runtimes.map((runtime) => {
        if (runtime.options.runtime !== 'compiled') return 'n/a';
        const root = runtime.options.compiledRoot ?? ROOT;
        const js = program.entries.reduce((sum, entry) => sum + bytesOf(join(root, compiledPath(`${program.dir}/src/${entry}`))), 0);
        const maps = program.entries.reduce((sum, entry) => sum + bytesOf(join(root, `${compiledPath(`${program.dir}/src/${entry}`)}.map`)), 0);
        const distBytes = bytesOf(join(root, program.dir, 'dist'));
        return distBytes > js + maps ? `${(distBytes / 1024).toFixed(0)} (all of dist/)` : `${(js / 1024).toFixed(0)} + map ${(maps / 1024).toFixed(0)}`;
      }),
    ]);
  }
  return rows;
}

/** The TypeScript toolchain an image no longer installs: tsx and what it brings (esbuild and its binary). */
function toolchainKiB(): number {
  const names = ['tsx', 'esbuild', '@esbuild', 'get-tsconfig', 'resolve-pkg-maps'];
  return names.reduce((sum, name) => sum + bytesOf(join(ROOT, 'node_modules', name)), 0) / 1024;
}

async function main(): Promise<void> {
  const extra = process.argv.slice(2).map((arg): TRuntime => {
    const [label, root] = arg.split('=');
    if (!label || !root || !existsSync(root)) throw new Error(`usage: start.bench.ts [label=/path/to/compiled/tree ...] (${arg})`);
    return { label, options: { runtime: 'compiled', compiledRoot: root } };
  });
  const every: TRuntime[] = [
    { label: 'tsx', options: { runtime: 'tsx' } },
    { label: 'compiled', options: { runtime: 'compiled' } },
    { label: 'tsx cold', options: { runtime: 'tsx' }, freshTmp: true },
    ...extra,
  ];
  const runtimes = every.filter((runtime) => !process.env.BENCH_RUNTIMES || process.env.BENCH_RUNTIMES.split(',').includes(runtime.label));
  for (const program of PROGRAMS) {
    if (!existsSync(join(ROOT, compiledPath(`${program.dir}/src/${program.entries[0]!}`)))) throw new Error('No compiled programs: run npm run build:services first.');
  }
  const header = machineLine();
  const keysDir = mkdtempSync(join(tmpdir(), 'bench-start-keys-'));
  const samples = new Map<string, Record<string, TSample>[]>(runtimes.map((r) => [r.label, []]));
  const loads: string[] = [];
  try {
    for (let i = 0; i < ROUNDS; i += 1) {
      // Alternating order, so neither runtime always starts on a machine the other has just warmed or loaded.
      const order = i % 2 === 0 ? runtimes : [...runtimes].reverse();
      for (const runtime of order) {
        console.log(`round ${i + 1}/${ROUNDS}: ${runtime.label}...`);
        samples.get(runtime.label)!.push(await round(runtime, keysDir));
        loads.push(`after round ${i + 1} ${runtime.label}: ${loadLine()}`);
      }
    }
  } finally {
    rmSync(keysDir, { recursive: true, force: true });
  }

  const metric = (label: string, name: string, key: keyof TSample) => median(samples.get(label)!.map((s) => s[name]![key]));
  const table = (title: string, key: keyof TSample, digits: number) => {
    const rows: string[][] = [[title, ...runtimes.map((r) => r.label), ...runtimes.slice(1).map((r) => `${r.label} / tsx`)]];
    for (const name of [...PROCESSES, 'sum']) {
      const values = runtimes.map((r) => (name === 'sum' ? PROCESSES.reduce((sum, p) => sum + metric(r.label, p, key), 0) : metric(r.label, name, key)));
      rows.push([name, ...values.map((v) => v.toFixed(digits)), ...values.slice(1).map((v) => (v / values[0]!).toFixed(2))]);
    }
    return formatTable(rows);
  };

  const lines = [
    'Start time and resident memory per process: tsx (the TypeScript sources; the reference) against compiled (npm run build:services: one esbuild bundle per program, npm packages from node_modules, node --enable-source-maps)',
    header,
    `${ROUNDS} rounds per runtime, alternating; each figure the median of the rounds. Processes start one after another (scripts/stack.ts), so each starts on an otherwise idle stack.`,
    '',
    'First start on fresh databases (every migration applied): ms from spawn to listening (start() resolved)',
    ...table('first start, ms', 'firstListeningMs', 0),
    '',
    'Restart on migrated databases (an instance of a rollout): ms from spawn to listening',
    ...table('restart, ms', 'restartListeningMs', 0),
    '',
    'Restart: ms from spawn to the first 200 on /ready (polled every 20 ms)',
    ...table('restart to /ready, ms', 'restartReadyMs', 0),
    '',
    `Resident memory ${SETTLE_MS / 1000} s after the stack is ready, MiB (VmRSS with child processes: tsx's esbuild)`,
    ...table('RSS, MiB', 'rssMiB', 1),
    '',
    ...formatTable(sizeRows(runtimes)),
    `The TypeScript toolchain an image no longer installs (tsx, esbuild and its binary, get-tsconfig, resolve-pkg-maps): ${(toolchainKiB() / 1024).toFixed(1)} MiB`,
    '',
    ...loads,
  ];
  const text = `${lines.join('\n')}\n`;
  console.log(`\n${text}`);
  writeFileSync(join(HERE, 'results', 'start.txt'), text);
  writeFileSync(join(HERE, 'results', 'start.json'), `${JSON.stringify({ header, rounds: ROUNDS, runtimes: runtimes.map((r) => r.label), samples: Object.fromEntries(samples), loads }, null, 2)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
