/**
 * `npm run build:services` (and `npm run build`, which then builds the frontend): compiles every service, the gateway
 * and service-kit's command-line tools to JavaScript, one esbuild bundle per program, so production runs
 * `node --enable-source-maps services/<name>/dist/main.js` with no TypeScript toolchain (the Dockerfiles).
 *
 * Bundles or tsc's file-per-file output: bench/results/start.txt measured both beside tsx (start time, memory, size) on
 * a machine too loaded to tell the two apart (bench/README.md); bundles need no second set of package exports to reach
 * the workspace packages' compiled files, and are one file per program. Each bundle holds the program's own code and the workspace packages it imports
 * (@platform/contracts, @platform/service-kit); npm packages stay external and are loaded from node_modules as
 * installed (`npm ci --omit=dev`), so native ones (argon2, sharp) and those that read their own files
 * (swagger-ui-dist) work unchanged. A linked source map (`main.js.map`) beside each bundle maps stack traces to the
 * TypeScript sources under --enable-source-maps.
 *
 * Files a program reads at run time are found from `import.meta.url` (the migrations: service-kit's
 * `packages/service-kit/migrations` and each service's `src/data-access/migrations`). In a bundle, every module's
 * `import.meta.url` is rewritten to its source file's address relative to the bundle, so those paths are the same as
 * under tsx, wherever the tree is copied: an image ships the SQL at its source paths beside dist/ (no TypeScript).
 *
 *   npx tsx scripts/build.ts [name ...]     builds only the named programs (auth, gateway, service-kit...)
 */
import { existsSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { compiledPath, PROGRAMS } from './compiled.js';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

/**
 * npm packages stay external (bare specifiers other than @platform/*, and node: built-ins). A package installed in a
 * workspace's own node_modules (npm does that when two versions conflict) would be found from the bundle's folder
 * as the root's version instead: refused here, so the build never runs another version than tsx does.
 */
function externalPackages(): Plugin {
  return {
    name: 'external-packages',
    setup(builder) {
      builder.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@platform/')) return undefined;
        if (!args.path.startsWith('node:') && args.importer.startsWith(ROOT)) {
          const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0]!;
          for (let dir = dirname(args.importer); dir.startsWith(ROOT) && dir !== ROOT; dir = dirname(dir)) {
            if (existsSync(join(dir, 'node_modules', name))) {
              return { errors: [{ text: `${name} is installed in ${relative(ROOT, dir)}/node_modules, not only at the root: a bundle would load the root's copy` }] };
            }
          }
        }
        return { path: args.path, external: true };
      });
    },
  };
}

/**
 * Every module's import.meta.url becomes its source file's URL, resolved at run time against the bundle's own
 * (`new URL('../src/data-access/migrate.ts', import.meta.url)` in dist/main.js), so it holds wherever the tree is.
 */
function sourceMetaUrl(outfile: string): Plugin {
  return {
    name: 'source-import-meta-url',
    setup(builder) {
      builder.onLoad({ filter: /\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const fromBundle = relative(dirname(outfile), args.path).split('\\').join('/');
        return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`), loader: 'ts' };
      });
    },
  };
}

function sizeOf(path: string): number {
  return existsSync(path) ? statSync(path).size : 0;
}

/**
 * Compiles one program: a bundle per entry point (each with its own map), into a fresh dist/ of the repository, or of
 * another tree with the same layout (outRoot: scripts/build.test.ts lays out an image's files there).
 */
export async function buildProgram(program: (typeof PROGRAMS)[number], outRoot = ROOT): Promise<{ file: string; bytes: number; mapBytes: number }[]> {
  const dir = join(ROOT, program.dir);
  rmSync(join(outRoot, program.dir, 'dist'), { recursive: true, force: true });
  const outputs = [];
  for (const entry of program.entries) {
    const path = compiledPath(join(program.dir, 'src', entry));
    const outfile = join(outRoot, path);
    await build({
      absWorkingDir: ROOT,
      entryPoints: [join(dir, 'src', entry)],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      // The images run Node 24; the bundles run on the machine's Node too (20.19+: scripts/build.test.ts, the bench).
      target: 'node20.19',
      sourcemap: 'linked',
      // The map names the sources (stack traces point at src/*.ts); their text stays in the repository.
      sourcesContent: false,
      // Function and class names as in the sources (logs, errors).
      keepNames: true,
      logLevel: 'warning',
      // Source addresses relative to the bundle's place in the repository's layout, which every tree keeps.
      plugins: [externalPackages(), sourceMetaUrl(join(ROOT, path))],
    });
    outputs.push({ file: path, bytes: sizeOf(outfile), mapBytes: sizeOf(`${outfile}.map`) });
  }
  return outputs;
}

async function main(names: string[]): Promise<void> {
  const unknown = names.filter((name) => !PROGRAMS.some((program) => program.name === name));
  if (unknown.length) throw new Error(`No program named ${unknown.join(', ')}; the programs: ${PROGRAMS.map((p) => p.name).join(', ')}`);
  const started = performance.now();
  for (const program of PROGRAMS.filter((p) => !names.length || names.includes(p.name))) {
    for (const output of await buildProgram(program)) {
      console.log(`${output.file.padEnd(52)} ${(output.bytes / 1024).toFixed(0).padStart(6)} KiB  (map ${(output.mapBytes / 1024).toFixed(0)} KiB)`);
    }
  }
  console.log(`built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error((error as Error).message ?? error);
    process.exit(1);
  });
}
