import { describe, expect, it } from 'vitest';

/**
 * Issue 27: the worker's frame and Home paint before antd's layer is loaded, so the chunk that holds them
 * (workerScreens.ts) must not pull antd in. This walks the source files it imports statically (a dynamic `import()`
 * is a chunk of its own and type-only imports vanish in the build) and names every path that reaches antd.
 */
const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[\w*{}\s,$]*?\s+from\s+)?['"]([^'"]+)['"]/g;

function join(directory: string, relative: string): string {
  const parts = directory.split('/');
  for (const part of relative.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

// Every source file of the app as text, keyed 'src/...' (the glob's keys are relative to this file).
const SOURCES: Record<string, string> = Object.fromEntries(
  Object.entries(import.meta.glob<string>(['../../**/*.ts', '../../**/*.tsx', '!../../**/*.test.*'], { query: '?raw', import: 'default', eager: true })).map(
    ([key, text]) => [join('src/pages/worker', key), text],
  ),
);

function resolveSource(from: string, specifier: string): string | null {
  const base = join(from.slice(0, from.lastIndexOf('/')), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) if (candidate in SOURCES) return candidate;
  return null;
}

/** Every chain of static imports from `entry` to a module of the `antd` package. */
function pathsToAntd(entry: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = SOURCES[file] ?? '';
    for (const match of source.matchAll(STATIC_IMPORT)) {
      const [, typeOnly, specifier] = match as unknown as [string, string | undefined, string];
      if (typeOnly) continue;
      const here = [...chain, file];
      if (specifier === 'antd' || specifier.startsWith('antd/')) found.push([...here, specifier].join(' -> '));
      else if (specifier.startsWith('.')) {
        const next = resolveSource(file, specifier);
        if (next) visit(next, here);
      }
    }
  };
  visit(entry, []);
  return found;
}

describe("the worker's first chunk (issue 27)", () => {
  it('when the frame, Home and the plain screen frames are bundled, then nothing they import statically imports antd', () => {
    expect(SOURCES['src/pages/worker/workerScreens.ts']).toBeDefined();
    expect(pathsToAntd('src/pages/worker/workerScreens.ts')).toEqual([]);
  });

  it('when a file of the walk imports antd, then the walk names the path (the check itself works)', () => {
    // Tasks' screen uses antd (Tabs, Modal): its chunk is loaded when /tasks is opened.
    expect(pathsToAntd('src/features/tasks/WorkerTasksScreen.tsx').length).toBeGreaterThan(0);
  });
});
