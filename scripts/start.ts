/**
 * `npm start`: checks PostgreSQL, RabbitMQ and Redis, builds the frontend when it is missing or stale, starts every
 * service and the gateway (migrations run as each service starts), seeds development data and prints the login.
 * The processes run their TypeScript through tsx (an edit needs only a restart); `STACK_RUNTIME=compiled npm start`
 * builds the services first and runs the compiled bundles instead, as the images do.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { checkInfrastructure } from './infra.js';
import { DEV_ADMIN, ROOT, startStack } from './stack.js';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

function buildFrontendIfStale(): void {
  const frontend = join(ROOT, 'frontend');
  const built = join(frontend, 'dist', 'index.html');
  if (!existsSync(join(frontend, 'index.html'))) return; // no frontend yet: the gateway serves a placeholder
  const sources = Math.max(newestMtime(join(frontend, 'src')), newestMtime(join(frontend, 'index.html')), newestMtime(join(frontend, 'public')), newestMtime(join(frontend, 'vite.config.ts')));
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  console.log('Building the frontend...');
  const result = spawnSync('npm', ['run', 'build', '-w', '@platform/frontend'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The frontend build failed (see above).');
}

async function main(): Promise<void> {
  const problems = await checkInfrastructure();
  if (problems.length) {
    console.error(`Cannot start: ${problems.length === 1 ? 'a server the platform needs is' : 'servers the platform needs are'} not running.\n`);
    for (const problem of problems) console.error(`  - ${problem}\n`);
    process.exit(1);
  }
  buildFrontendIfStale();
  const runtime = process.env.STACK_RUNTIME === 'compiled' ? 'compiled' : 'tsx';
  if (runtime === 'compiled') {
    console.log('Building the services...');
    const result = spawnSync('npm', ['run', 'build:services'], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('The services\' build failed (see above).');
  }
  const port = Number(process.env.PORT ?? 8080);
  const verbose = process.env.LOG_LEVEL === 'debug' || process.env.VERBOSE === '1';
  console.log('Starting services...');
  const stack = await startStack({
    // Another namespace runs a second platform beside the first, e.g. one restored from a backup (npm run restore).
    namespace: process.env.STACK_NAMESPACE ?? 'platform',
    runtime,
    gatewayPort: port,
    keysDir: join(ROOT, '.dev', 'keys'),
    outboxDir: join(ROOT, '.dev', 'outbox'),
    seed: true,
    devContent: true,
    logLevel: process.env.LOG_LEVEL ?? 'info',
    onLog: (line) => {
      // Requests are logged at info; show warnings and errors unless asked for everything.
      if (verbose || /"level":(40|50|60)/.test(line) || !line.includes('"level"')) console.log(line);
    },
  });
  console.log(`
  The platform is running at ${stack.baseUrl}

  Development admin:  ${DEV_ADMIN.email}  /  ${DEV_ADMIN.password}
  E-mails (no SMTP_URL set) are written as .eml files to ${stack.outboxDir}
  Services: ${Object.entries(stack.serviceUrls).map(([name, url]) => `${name} ${url}`).join(', ')}
  Operations (/health, /ready, /metrics; not through :${port}): ${Object.entries(stack.internalUrls).map(([name, url]) => `${name} ${url}`).join(', ')}

  Press Ctrl+C to stop.
`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping...');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error((error as Error).message ?? error);
  process.exit(1);
});
