import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { INFRA } from './infra.js';
import { databaseUrl, ROOT, SERVICES } from './stack.js';

const run = promisify(execFile);

/** What a backup folder holds, written last (a folder without it is an unfinished backup). */
export interface TBackupManifest {
  namespace: string;
  startedAt: string;
  finishedAt: string;
  /** Service name -> dump file (pg_dump custom format) in the folder. */
  databases: Record<string, string>;
  /** The stack's files (uploads, stored images; not the e-mail outbox), as a tar.gz in the folder, if it had any. */
  files: string | null;
}

const MANIFEST = 'manifest.json';

/** Names the namespace's files folder the way scripts/stack.ts does. */
export function dataDirOf(namespace: string): string {
  return join(ROOT, '.dev', namespace);
}

function checkNamespace(namespace: string): string {
  if (!/^[a-z0-9_]+$/.test(namespace)) throw new Error(`A namespace is lower-case letters, digits and _ (got "${namespace}")`);
  return namespace;
}

async function existingDatabases(): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: INFRA.postgres.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database');
    return new Set(rows.map((r) => r.datname));
  } finally {
    await client.end();
  }
}

/**
 * Dumps every service database of `namespace` (each with pg_dump: one consistent snapshot per database) and its files
 * into `<outDir>/<namespace>-<timestamp>/`. It runs beside a live stack: nothing stops. PostgreSQL cannot share one
 * snapshot between databases, so the dumps start together and their snapshots are milliseconds apart: each service
 * is consistent in itself (the ledger and its hash chains are in one database), and restore() brings the services
 * that were behind up to date (see there).
 */
export async function backup(options: { namespace: string; outDir?: string; log?: (line: string) => void }): Promise<{ dir: string; manifest: TBackupManifest }> {
  const namespace = checkNamespace(options.namespace);
  const log = options.log ?? (() => undefined);
  const startedAt = new Date();
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const dir = resolve(options.outDir ?? join(ROOT, '.dev', 'backups'), `${namespace}-${stamp}`);
  mkdirSync(dir, { recursive: true });

  const present = await existingDatabases();
  const databases: Record<string, string> = {};
  // All at once, so the snapshots are milliseconds apart (each pg_dump takes its snapshot as it starts).
  await Promise.all(
    SERVICES.filter(({ name }) => present.has(`${namespace}_${name}`)).map(async ({ name }) => {
      const file = `${name}.dump`;
      await run('pg_dump', ['--format=custom', '--no-owner', '--file', join(dir, file), databaseUrl(`${namespace}_${name}`)]);
      databases[name] = file;
      log(`dumped ${namespace}_${name} -> ${file}`);
    }),
  );
  if (Object.keys(databases).length === 0) throw new Error(`No database of namespace "${namespace}" exists (looked for ${namespace}_<service>)`);

  let files: string | null = null;
  const dataDir = dataDirOf(namespace);
  if (existsSync(dataDir) && readdirSync(dataDir).some((entry) => entry !== 'outbox')) {
    files = 'files.tar.gz';
    await run('tar', ['--create', '--gzip', '--file', join(dir, files), '--exclude=./outbox', '--directory', dataDir, '.']);
    log(`archived ${dataDir} -> ${files}`);
  }

  const manifest: TBackupManifest = { namespace, startedAt: startedAt.toISOString(), finishedAt: new Date().toISOString(), databases, files };
  writeFileSync(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return { dir, manifest };
}

/**
 * Restores a backup into a namespace that does not exist yet: its databases are created and loaded, its files
 * unpacked into `.dev/<namespace>/`. Start the stack on it, then call replayEvents() (see there).
 */
export async function restore(options: { from: string; namespace: string; log?: (line: string) => void }): Promise<TBackupManifest> {
  const namespace = checkNamespace(options.namespace);
  const log = options.log ?? (() => undefined);
  const dir = resolve(options.from);
  const manifestPath = join(dir, MANIFEST);
  if (!existsSync(manifestPath)) throw new Error(`${dir} is not a finished backup (no ${MANIFEST})`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as TBackupManifest;

  const present = await existingDatabases();
  const taken = Object.keys(manifest.databases).map((name) => `${namespace}_${name}`).filter((db) => present.has(db));
  if (taken.length) throw new Error(`Namespace "${namespace}" is in use (${taken.join(', ')}): restore into a new one`);
  const dataDir = dataDirOf(namespace);
  if (manifest.files && existsSync(dataDir) && readdirSync(dataDir).length > 0) throw new Error(`${dataDir} is not empty: restore into a new namespace`);

  const admin = new pg.Client({ connectionString: INFRA.postgres.url });
  await admin.connect();
  try {
    for (const [name, file] of Object.entries(manifest.databases)) {
      const database = `${namespace}_${name}`;
      await admin.query(`CREATE DATABASE ${database}`);
      await run('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', databaseUrl(database), join(dir, file)]);
      log(`restored ${database} from ${file}`);
    }
  } finally {
    await admin.end();
  }

  if (manifest.files) {
    mkdirSync(dataDir, { recursive: true });
    await run('tar', ['--extract', '--gzip', '--file', join(dir, manifest.files), '--directory', dataDir]);
    log(`unpacked ${manifest.files} -> ${dataDir}`);
  }
  return manifest;
}

/**
 * Once the stack runs on a restored namespace (every service has declared its queues on the new exchange): marks
 * every outbox row written in the `minutes` before the backup began as unsent, so each relay publishes those events
 * again. An event that was on its way when the backup was taken (in the broker, or applied by a consumer whose
 * database was dumped before it) is applied now; one that was applied is skipped by the consumer's inbox, as every
 * redelivery is. Done before the services run, the events would go to an exchange no queue is bound to yet.
 */
export async function replayEvents(options: { from: string; namespace: string; minutes?: number; log?: (line: string) => void }): Promise<number> {
  const namespace = checkNamespace(options.namespace);
  const manifest = JSON.parse(readFileSync(join(resolve(options.from), MANIFEST), 'utf8')) as TBackupManifest;
  const since = new Date(Date.parse(manifest.startedAt) - (options.minutes ?? 60) * 60_000);
  let total = 0;
  for (const name of Object.keys(manifest.databases)) {
    const client = new pg.Client({ connectionString: databaseUrl(`${namespace}_${name}`) });
    await client.connect();
    try {
      const { rowCount } = await client.query('UPDATE outbox SET sent_at = NULL WHERE sent_at IS NOT NULL AND created_at >= $1', [since]);
      // The relays listen on outbox_new; without it they find the rows at their next poll.
      await client.query("SELECT pg_notify('outbox_new', '')");
      total += rowCount ?? 0;
      options.log?.(`${namespace}_${name}: ${rowCount ?? 0} events written since ${since.toISOString()} will be published again`);
    } finally {
      await client.end();
    }
  }
  return total;
}
