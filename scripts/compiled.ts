/**
 * What `npm run build:services` (scripts/build.ts) compiles and where each program lands; read by the build and by
 * the stack (scripts/stack.ts, runtime `compiled`) without loading esbuild.
 */

/** Each program: its folder, and its entry points (under src/) compiled to dist/ with the same relative path. */
export const PROGRAMS: readonly { name: string; dir: string; entries: string[] }[] = [
  { name: 'auth', dir: 'services/auth', entries: ['main.ts', 'scripts/create-admin.ts', 'scripts/rotate-verification-key.ts'] },
  { name: 'admin', dir: 'services/admin', entries: ['main.ts'] },
  { name: 'work', dir: 'services/work', entries: ['main.ts'] },
  { name: 'payouts', dir: 'services/payouts', entries: ['main.ts'] },
  { name: 'chat', dir: 'services/chat', entries: ['main.ts'] },
  { name: 'gateway', dir: 'gateway', entries: ['main.ts'] },
  // Run in every service image: migrations as a step of their own (Kubernetes Jobs), the dead-letter tool.
  { name: 'service-kit', dir: 'packages/service-kit', entries: ['migrate.cli.ts', 'dlq.cli.ts'] },
];

/** The compiled file of a TypeScript entry point: `services/auth/src/main.ts` -> `services/auth/dist/main.js`. */
export function compiledPath(entry: string): string {
  return entry.replace(/\/src\//, '/dist/').replace(/\.ts$/, '.js');
}

