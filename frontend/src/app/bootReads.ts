/**
 * Home's reads started by the boot script (issue 27). A worker who opens / with a kept session waits for Home's
 * largest text on its API answers; sent by the app, they leave only once the entry and Home's chunks have loaded and
 * run (about half a second on a phone, more on a slow network). The boot script (bootShell.ts, run in the head) sends
 * these GETs at once with the kept token; the app's request layer (baseQuery.ts) takes each answer once, for the same
 * path and token, instead of asking again. pages/worker/homePrefetch.test.tsx checks that they are Home's reads.
 */
export const BOOT_READ_PATHS = ['/ledger/balance', '/settings/public', '/withdrawals?status=pending&pageSize=100', '/news'] as const;

/** Where the boot script leaves them: `window[BOOT_READS_GLOBAL]`. */
export const BOOT_READS_GLOBAL = '__bootReads';

/** An answer older than this is not used: asked for again (a page left open before Home was shown). */
export const BOOT_READ_MAX_AGE_MS = 15_000;

interface TBootReads {
  token: string;
  startedAt: number;
  reads: Record<string, Promise<Response> | undefined>;
}

/** The boot script's answer to `GET /api{path}` sent with `token`, once; undefined when there is none to take. */
export function takeBootRead(path: string, token: string | null, now = Date.now()): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const boot = (window as unknown as Record<string, TBootReads | undefined>)[BOOT_READS_GLOBAL];
  const read = boot?.reads[path];
  if (!boot || !read) return undefined;
  boot.reads[path] = undefined;
  if (boot.token !== token || now - boot.startedAt > BOOT_READ_MAX_AGE_MS) return undefined;
  return read;
}
