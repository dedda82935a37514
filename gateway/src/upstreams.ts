import type { Logger } from '@platform/service-kit';

/**
 * The instances of one service and which of them to send the next request or socket to.
 *
 * Round robin over the instances believed up. An instance is taken out when a connection to it fails (nothing
 * reached it, so the next request may go elsewhere) or when its /health stops answering, and put back when /health
 * answers again; the check runs every `checkIntervalMs` only for services with more than one instance (a lone
 * instance is always tried: there is nowhere else to go). When every instance is out, requests still go round all
 * of them, so a service coming back is found at once.
 */
export interface TUpstreamGroup {
  readonly service: string;
  readonly urls: readonly string[];
  /**
   * The base URL (no trailing slash) of the instance to use next. Requests and sockets go round separately, so the
   * long-lived sockets spread evenly whatever the requests between them.
   */
  pick(kind?: 'request' | 'socket'): string;
  /** A connection to `url` failed: skip it until its health check answers again. */
  markDown(url: string): void;
  /** Instances currently believed up (for logs and tests). */
  upUrls(): string[];
  stop(): void;
}

export interface TUpstreamGroupOptions {
  logger?: Logger;
  checkIntervalMs?: number;
  checkHealth?: (url: string) => Promise<void>;
}

export async function defaultHealthCheck(baseUrl: string): Promise<void> {
  const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(1_500) });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`health answered ${response.status}`);
}

/** `http://a:1, http://b:2/` -> ['http://a:1', 'http://b:2']: one service's instances, from one variable. */
export function parseUpstreamList(value: string): string[] {
  return value
    .split(',')
    .map((url) => url.trim().replace(/\/+$/, ''))
    .filter((url) => url !== '');
}

export function createUpstreamGroup(service: string, urls: readonly string[], options: TUpstreamGroupOptions = {}): TUpstreamGroup {
  if (urls.length === 0) throw new Error(`${service}: no upstream URL`);
  const checkHealth = options.checkHealth ?? defaultHealthCheck;
  const down = new Set<string>();
  const next = { request: 0, socket: 0 };
  let timer: NodeJS.Timeout | undefined;

  const setDown = (url: string, reason: string) => {
    if (urls.length < 2 || down.has(url)) return;
    down.add(url);
    options.logger?.warn({ service, url, reason }, 'upstream instance taken out');
  };

  if (urls.length > 1) {
    let checking = false;
    timer = setInterval(() => {
      if (checking) return;
      checking = true;
      void Promise.all(
        urls.map(async (url) => {
          try {
            await checkHealth(url);
            if (down.delete(url)) options.logger?.info({ service, url }, 'upstream instance back');
          } catch (error) {
            setDown(url, (error as Error).message);
          }
        }),
      ).finally(() => {
        checking = false;
      });
    }, options.checkIntervalMs ?? 1_000);
    timer.unref();
  }

  return {
    service,
    urls,
    pick(kind = 'request') {
      for (let tried = 0; tried < urls.length; tried += 1) {
        const url = urls[next[kind] % urls.length]!;
        next[kind] = (next[kind] + 1) % urls.length;
        if (!down.has(url)) return url;
      }
      const url = urls[next[kind] % urls.length]!;
      next[kind] = (next[kind] + 1) % urls.length;
      return url;
    },
    markDown(url) {
      setDown(url, 'connection failed');
    },
    upUrls() {
      return urls.filter((url) => !down.has(url));
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
