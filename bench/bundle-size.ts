/**
 * Initial JavaScript of the worker app against its budget: reads the Vite manifest of frontend/dist, sums the
 * gzipped size of the entry chunk and every chunk it imports statically (transitively; lazy chunks excluded),
 * lists the lazily loaded chunks (the admin console among them), writes bench/results/bundle-size.txt and exits
 * non-zero when over budget. Run after `npm run build -w @platform/frontend`: `npx tsx bench/bundle-size.ts`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = process.env.FRONTEND_DIST ?? join(ROOT, 'frontend', 'dist');
const MANIFEST = join(DIST, '.vite', 'manifest.json');
const RESULT = join(ROOT, 'bench', 'results', 'bundle-size.txt');
export const INITIAL_JS_BUDGET_KB = 250;

interface TManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type TManifest = Record<string, TManifestChunk>;

const kb = (bytes: number) => bytes / 1024;
const fmt = (bytes: number) => `${kb(bytes).toFixed(1).padStart(7)} KB`;

function gzipSize(file: string): number {
  return gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
}

/** The chunk and everything it imports statically, transitively. */
function staticClosure(manifest: TManifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

function main(): number {
  if (!existsSync(MANIFEST)) {
    console.error(`No Vite manifest at ${MANIFEST}: run \`npm run build -w @platform/frontend\` first.`);
    return 2;
  }
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as TManifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) {
    console.error('The manifest has no entry chunk.');
    return 2;
  }
  const initialKeys = staticClosure(manifest, entryKey);
  const lines: string[] = [];
  const out = (line = '') => {
    lines.push(line);
    console.log(line);
  };

  out(`Worker app initial JavaScript (entry ${entryKey} and its static imports, gzip -9)`);
  let initial = 0;
  for (const key of initialKeys) {
    const chunk = manifest[key];
    if (!chunk?.file.endsWith('.js')) continue;
    const size = gzipSize(chunk.file);
    initial += size;
    out(`  ${fmt(size)}  ${chunk.file}`);
  }
  const within = kb(initial) <= INITIAL_JS_BUDGET_KB;
  out(`  ${fmt(initial)}  total, budget ${INITIAL_JS_BUDGET_KB.toFixed(1)} KB: ${within ? 'within budget' : 'OVER BUDGET'}`);
  out();

  // Lazily loaded chunks: each with what it adds beyond the initial download.
  out('Lazily loaded chunks (gzip; "adds" = with its own static imports not already in the initial download)');
  const lazyKeys = Object.keys(manifest).filter((key) => manifest[key]?.isDynamicEntry);
  const rows = lazyKeys.map((key) => {
    const chunk = manifest[key] as TManifestChunk;
    const own = gzipSize(chunk.file);
    let adds = 0;
    for (const dep of staticClosure(manifest, key)) {
      const depChunk = manifest[dep];
      if (!initialKeys.has(dep) && depChunk?.file.endsWith('.js')) adds += gzipSize(depChunk.file);
    }
    return { name: chunk.src ?? key, own, adds };
  });
  rows.sort((a, b) => b.adds - a.adds);
  for (const row of rows) out(`  ${fmt(row.own)} own, ${fmt(row.adds)} adds  ${row.name}`);
  const admin = rows.find((row) => row.name.includes('pages/admin/AdminConsole'));
  out();
  out(admin ? `Admin console chunk: ${kb(admin.own).toFixed(1)} KB own, ${kb(admin.adds).toFixed(1)} KB with what only it uses` : 'Admin console chunk: not found (is it still lazily loaded?)');
  const leaked = [...initialKeys].filter((key) => /pages\/(admin|dev)\//.test(key));
  if (leaked.length > 0) out(`Admin or developer pages in the initial download: ${leaked.join(', ')}`);

  mkdirSync(dirname(RESULT), { recursive: true });
  writeFileSync(RESULT, `${lines.join('\n')}\n`);
  return within && leaked.length === 0 && admin ? 0 : 1;
}

process.exitCode = main();
