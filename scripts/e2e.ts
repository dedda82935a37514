/**
 * `npm run test:e2e`: builds the frontend, then runs the browser journeys (e2e/*.e2e.test.ts) against the whole
 * stack, which e2e/support/global-setup.ts starts once (scripts/stack.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
// A build of its own: frontend/dist may be rebuilt by `npm start` meanwhile, which would swap the files under a
// running journey.
const DIST = resolve(ROOT, '.dev', 'e2e-frontend-dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(command: string, args: string[]): number {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, E2E_FRONTEND_DIST: DIST } });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

if (!existsSync(CHROMIUM)) {
  console.error(`The browser tests need Chromium at ${CHROMIUM}. Install it with: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  process.exit(1);
}

console.log('Building the frontend...');
const built = run('npm', ['run', 'build', '-w', '@platform/frontend', '--', '--outDir', DIST, '--emptyOutDir']);
if (built !== 0) {
  console.error('The frontend build failed.');
  process.exit(built);
}

// Arguments go on to vitest (npm test adds a JSON report: scripts/test.ts).
process.exit(run('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)]));
