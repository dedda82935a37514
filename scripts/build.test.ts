import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitForListening } from '@platform/service-kit';
import { createTestEnvironment, eventually, type TTestEnvironment } from '@platform/service-kit/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from './build.js';
import { compiledPath, PROGRAMS } from './compiled.js';
import { ROOT } from './stack.js';

/**
 * The compiled services (npm run build:services, scripts/build.ts) and the images that run them. Without a container
 * engine here, an image's files are laid out as its Dockerfile's final stage copies them: the programs its build
 * stage compiles, the files it copies from the context, and node_modules (the deps stage installs the production
 * dependencies; here the repository's, a superset). Then the migration Job's command and the image's CMD run there,
 * against the real PostgreSQL, RabbitMQ and Redis: no TypeScript file is in the tree.
 */

const IMAGES = [...PROGRAMS.filter((p) => p.dir.startsWith('services/')).map((p) => p.dir), 'gateway'];
const WORKSPACES = ['packages', 'services'].flatMap((parent) => readdirSync(join(ROOT, parent)).map((dir) => `${parent}/${dir}`)).concat('gateway', 'frontend');

interface TStage {
  from: string;
  name?: string;
  lines: string[];
}

/** The stages of a Dockerfile, each with its instructions (continuation lines joined). */
function stagesOf(dockerfile: string): TStage[] {
  const instructions = readFileSync(join(ROOT, dockerfile), 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: TStage[] = [];
  for (const line of instructions) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ from: from[1]!, ...(from[2] ? { name: from[2] } : {}), lines: [] });
    else stages.at(-1)?.lines.push(line);
  }
  return stages;
}

/** An image's final stage: what it copies (from the build stage, the deps stage, the context) and its command. */
function imageOf(dir: string) {
  const stages = stagesOf(`${dir}/Dockerfile`);
  const final = stages.at(-1)!;
  const copies = final.lines
    .filter((line) => line.startsWith('COPY '))
    .map((line) => {
      const parts = line.split(/\s+/).slice(1);
      const from = parts[0]!.startsWith('--from=') ? parts.shift()!.slice('--from='.length) : undefined;
      return { from, source: parts[0]!, target: parts[1]! };
    });
  const cmd = JSON.parse(final.lines.find((line) => line.startsWith('CMD '))!.slice(4)) as string[];
  const buildRun = stages.find((stage) => stage.name === 'build')?.lines.find((line) => line.startsWith('RUN npx tsx scripts/build.ts'));
  return { final, copies, cmd, built: buildRun?.split(/\s+/).slice(4) ?? [] };
}

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((entry) => (entry === 'node_modules' ? [] : filesUnder(join(path, entry))));
}

describe('the images run compiled programs', () => {
  it.each(IMAGES)('when %s/Dockerfile is read, then its final stage runs the compiled main.js with source maps and holds no TypeScript', (dir) => {
    const { final, copies, cmd, built } = imageOf(dir);
    expect(cmd).toEqual(['node', '--enable-source-maps', `${dir}/dist/main.js`]);
    expect(final.lines.join('\n')).not.toMatch(/\btsx\b|\.ts\b/);
    // What the build stage compiles is what the final stage takes from it: the programs' dist/ folders.
    const fromBuild = copies.filter((copy) => copy.from === 'build').map((copy) => copy.target.replace(/^\.\//, ''));
    const compiled = PROGRAMS.filter((program) => built.includes(program.name)).map((program) => `${program.dir}/dist`);
    expect(fromBuild.sort()).toEqual(compiled.sort());
    for (const copy of copies.filter((c) => !c.from)) {
      // From the context: files that are no TypeScript (SQL migrations, the welcome clip), at their own paths.
      expect(copy.target.replace(/^\.\//, '')).toBe(copy.source);
      expect(filesUnder(join(ROOT, copy.source)).filter((file) => /\.(ts|tsx)$/.test(file)), copy.source).toEqual([]);
    }
    if (dir !== 'gateway') {
      // The migrations each service applies at start and its migration Job applies (infra/k8s/base/migrations.yaml).
      const fromContext = copies.filter((copy) => !copy.from).map((copy) => copy.source);
      expect(fromContext).toEqual(expect.arrayContaining(['packages/service-kit/migrations', `${dir}/src/data-access/migrations`]));
      expect(built).toContain('service-kit');
    }
  });
});

describe('a compiled service laid out as its image', () => {
  let tree: string;
  let environment: TTestEnvironment;

  beforeAll(async () => {
    tree = mkdtempSync(join(tmpdir(), 'compiled-payouts-'));
    environment = await createTestEnvironment('compiled');
    const { copies, built } = imageOf('services/payouts');
    for (const program of PROGRAMS.filter((p) => built.includes(p.name))) await buildProgram(program, tree);
    for (const copy of copies) {
      if (copy.from === 'deps') {
        // The deps stage: node_modules and every manifest (a bundle is ES module code by its package.json's type).
        symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
        for (const manifest of ['package.json', ...WORKSPACES.map((dir) => `${dir}/package.json`)]) cpSync(join(ROOT, manifest), join(tree, manifest));
      }
      else if (!copy.from) cpSync(join(ROOT, copy.source), join(tree, copy.source), { recursive: true });
    }
  }, 60_000);

  afterAll(async () => {
    await environment?.cleanup();
    if (tree) rmSync(tree, { recursive: true, force: true });
  });

  it('when laid out, then it holds JavaScript with linked source maps naming the TypeScript sources, and no TypeScript', () => {
    const files = filesUnder(tree).map((file) => file.slice(tree.length + 1));
    expect(files.filter((file) => /\.(ts|tsx)$/.test(file))).toEqual([]);
    const main = compiledPath('services/payouts/src/main.ts');
    expect(files).toEqual(expect.arrayContaining([main, `${main}.map`, compiledPath('packages/service-kit/src/migrate.cli.ts')]));
    expect(readFileSync(join(tree, main), 'utf8')).toMatch(/\/\/# sourceMappingURL=main\.js\.map\s*$/);
    const map = JSON.parse(readFileSync(join(tree, `${main}.map`), 'utf8')) as { sources: string[] };
    expect(map.sources.some((source) => source.endsWith('services/payouts/src/main.ts'))).toBe(true);
    expect(map.sources.some((source) => source.endsWith('packages/service-kit/src/db.ts'))).toBe(true);
  });

  it('when it fails, then its stack trace names the TypeScript files and lines (source maps)', () => {
    const { cmd } = imageOf('services/payouts');
    // No JWT_PUBLIC_KEY: the configuration is refused at the first line of main.ts, uncaught.
    const failed = spawnSync(process.execPath, cmd.slice(1), { cwd: tree, env: { PATH: process.env.PATH, DATABASE_URL: environment.database.url }, encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('JWT_PUBLIC_KEY');
    expect(failed.stderr).toMatch(/packages\/service-kit\/src\/config\.ts:\d+:\d+/);
    expect(failed.stderr).toMatch(/services\/payouts\/src\/main\.ts:\d+:\d+/);
  });

  it("when the migration Job's command runs, then every migration of service-kit and payouts is applied", async () => {
    const job = spawnSync(process.execPath, ['--enable-source-maps', 'packages/service-kit/dist/migrate.cli.js', 'payouts', 'services/payouts/src/data-access/migrations'], {
      cwd: tree,
      env: { PATH: process.env.PATH, DATABASE_URL: environment.database.url, LOG_LEVEL: 'info' },
      encoding: 'utf8',
    });
    expect(job.status, job.stderr + job.stdout).toBe(0);
    expect(job.stdout).toContain('migrations applied');
    const client = new pg.Client({ connectionString: environment.database.url });
    await client.connect();
    try {
      const tables = await client.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'");
      const names = tables.rows.map((row) => row.table_name);
      // service-kit's (the outbox) and payouts' own (the ledger).
      expect(names).toEqual(expect.arrayContaining(['outbox', 'ledger_entries']));
    } finally {
      await client.end();
    }
  }, 60_000);

  it("when the image's command starts it against the real servers, then it answers /health and /ready, and stops on SIGTERM", async () => {
    const { cmd } = imageOf('services/payouts');
    const output: string[] = [];
    const child = spawn(process.execPath, cmd.slice(1), {
      cwd: tree,
      env: { PATH: process.env.PATH, ...environment.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    try {
      const reported = await waitForListening(child, { name: 'compiled payouts', output: () => output, timeoutMs: 45_000 });
      const health = await fetch(`${reported.internalUrl}/health`);
      expect(health.status).toBe(200);
      await eventually(async () => (await fetch(`${reported.internalUrl}/ready`)).status === 200, { timeoutMs: 20_000, what: '/ready answering 200' });
      // A public route through the compiled code: refused without a token, with the API's error shape.
      const refused = await fetch(`${reported.url}/api/ledger/balance`);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ code: 'AUTH.UNAUTHENTICATED' });
      const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, 90_000);
});
