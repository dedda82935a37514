import { createTestEnvironment, type TTestEnvironment } from '@platform/service-kit/testing';
import { loadAuthConfig, start, type TAuthService } from '../src/index.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test responses are asserted field by field
export interface TApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TApiOptions {
  body?: unknown;
  /** Sent as is, with a JSON content type (for malformed bodies). */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface TTestService {
  env: TTestEnvironment;
  service: TAuthService;
  api(method: string, path: string, options?: TApiOptions): Promise<TApiResponse>;
  /** Registers a worker and returns its token and user. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  registerWorker(overrides?: Record<string, unknown>): Promise<{ token: string; user: any; email: string; password: string }>;
  /** Every answer with a 5xx status so far; close() fails the file when there is any. */
  serverErrors: string[];
  close(): Promise<void>;
}

let counter = 0;
export function uniqueEmail(label = 'worker'): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}.${counter}@example.com`;
}

/** The real service, in-process on port 0, against its own database and Redis prefix. */
export async function startTestService(prefix: string, extraEnv: Record<string, string> = {}): Promise<TTestService> {
  const env = await createTestEnvironment(prefix);
  const service = await start(loadAuthConfig({ ...env.env, ...extraEnv }));
  const serverErrors: string[] = [];

  async function api(method: string, path: string, options: TApiOptions = {}): Promise<TApiResponse> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers['content-type'] ??= 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(`${service.url}${path}`, { method, headers, body });
    if (response.status >= 500) serverErrors.push(`${method} ${path} -> ${response.status}`);
    const text = await response.text();
    let parsed: unknown = {};
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = { raw: text };
      }
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  async function registerWorker(overrides: Record<string, unknown> = {}) {
    const email = (overrides.email as string | undefined) ?? uniqueEmail();
    const password = (overrides.password as string | undefined) ?? 'Secret123';
    const res = await api('POST', '/api/auth/register', {
      body: { email, password, confirmPassword: password, firstName: 'Ada', lastName: 'Lovelace', ...overrides },
    });
    if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { token: res.body.token as string, user: res.body.user, email, password };
  }

  return {
    env,
    service,
    api,
    registerWorker,
    serverErrors,
    async close() {
      await service.stop();
      await env.cleanup();
      if (serverErrors.length) throw new Error(`requests answered with a server error: ${serverErrors.join(', ')}`);
    },
  };
}

export async function outboxRows(t: TTestService, type?: string): Promise<{ type: string; payload: { data: Record<string, unknown> } }[]> {
  const result = await t.service.pool.query<{ type: string; payload: { data: Record<string, unknown> } }>(
    `SELECT type, payload FROM outbox ${type ? 'WHERE type = $1' : ''} ORDER BY created_at`,
    type ? [type] : [],
  );
  return result.rows;
}
