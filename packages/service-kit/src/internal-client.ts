import { isErrorCode } from '@platform/contracts';
import type { z } from 'zod';
import { getContext } from './context.js';
import { SERVICE_UNAVAILABLE_MESSAGE } from './dependency-errors.js';
import { AppError, type TErrorDetail } from './errors.js';
import type { Logger } from './logger.js';

/**
 * THE door to another service: every call a service makes to another goes through a client made here, from its
 * `data-access/<owner>.client.ts` (CONTRIBUTING.md "Calling another service"). It
 * - calls only the owner's `/internal/` routes (the gateway routes none of them): any other path, or one whose dot
 *   segments lead out of `/internal/`, is refused before anything is sent (a programming error, thrown as such);
 * - forwards the request id of the work in progress (`x-request-id`, service-kit's request context) and the trace
 *   context (`traceparent`, added to every fetch by tracing.ts's undici hook when tracing is on), and the bearer
 *   token of the user the call acts for, when given;
 * - waits one timeout per call (INTERNAL_API_TIMEOUT_MS, every service's config; this default without one);
 * - answers what the owner answered, parsed with the caller's schema; the owner's refusal (a 4xx in the platform's
 *   error shape: a declared code, its message and parameters) is thrown as that AppError, so it reaches the client
 *   as the owner said it; everything else (not configured, connection refused, timeout, a 5xx, an answer that does
 *   not parse) is 503 SERVICE.UNAVAILABLE (ServiceUnavailableError, naming the owner), logged with its cause.
 */
export const INTERNAL_API_TIMEOUT_MS = 5_000;

/** The owner could not be asked or did not answer usably: 503 SERVICE.UNAVAILABLE, with the owner's name for the caller. */
export class ServiceUnavailableError extends AppError<'SERVICE.UNAVAILABLE'> {
  constructor(
    /** The owner asked ('payouts'). */
    readonly service: string,
    /** What went wrong, for the logs (never sent to a client). */
    readonly reason: string,
  ) {
    super('SERVICE.UNAVAILABLE', 503, SERVICE_UNAVAILABLE_MESSAGE);
    this.name = 'ServiceUnavailableError';
  }
}

export type TInternalMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TInternalClientOptions {
  /** The owner's name ('payouts'), in logs and in ServiceUnavailableError. */
  service: string;
  /** Base URL of the owner's API (config `<OWNER>_INTERNAL_URL`); undefined or empty: not configured, every call 503. */
  baseUrl: string | undefined;
  /** Per call, in milliseconds (config INTERNAL_API_TIMEOUT_MS); default INTERNAL_API_TIMEOUT_MS. */
  timeoutMs?: number;
  logger?: Logger;
}

export interface TInternalCall<T> {
  /** The bearer token of the user the call acts for, forwarded as it came (the owner applies its own access rules). */
  token?: string | undefined;
  /** A JSON body (POST, PUT, PATCH). */
  body?: unknown;
  /** The answer's schema; a 2xx answer it refuses is the owner failing (503). */
  answer: z.ZodType<T>;
}

export interface TInternalClient {
  readonly service: string;
  /** False when no base URL is configured (every call is then 503 without a request). */
  readonly configured: boolean;
  /** `path` starts with `/internal/` (query included); see the module's description. */
  request<T>(method: TInternalMethod, path: string, call: TInternalCall<T>): Promise<T>;
  get<T>(path: string, call: Omit<TInternalCall<T>, 'body'>): Promise<T>;
}

const INTERNAL_PREFIX = '/internal/';
/** Where an unconfigured client checks its paths (nothing is ever sent there). */
const NOWHERE = new URL('http://internal.invalid');

/**
 * The URL of `path` under the base, or an Error when it is not an `/internal/` route of the owner: checked on the
 * resolved URL, so `/internal/../api/x` (or its percent-encoded dots) cannot reach a public route.
 */
function internalUrl(base: URL, path: string, service: string): URL {
  const refused = () => new Error(`The internal client of ${service} calls only ${INTERNAL_PREFIX} routes; refused: ${path}`);
  if (!path.startsWith(INTERNAL_PREFIX)) throw refused();
  const basePath = base.pathname.replace(/\/+$/, '');
  const url = new URL(`${base.origin}${basePath}${path}`);
  if (url.origin !== base.origin || !url.pathname.startsWith(`${basePath}${INTERNAL_PREFIX}`)) throw refused();
  return url;
}

/** The owner's refusal as it said it, or undefined when the body is not the platform's error shape with a declared code. */
function refusalOf(status: number, body: unknown): AppError | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { code, message, params, field, details } = body as Record<string, unknown>;
  if (!isErrorCode(code) || typeof message !== 'string') return undefined;
  const given = typeof params === 'object' && params !== null ? [params] : [];
  return new AppError(
    code,
    status,
    message,
    Array.isArray(details) ? (details as TErrorDetail[]) : undefined,
    typeof field === 'string' ? field : undefined,
    ...(given as []),
  );
}

export function createInternalClient(options: TInternalClientOptions): TInternalClient {
  const { service, logger } = options;
  const timeoutMs = options.timeoutMs ?? INTERNAL_API_TIMEOUT_MS;
  const base = options.baseUrl ? new URL(options.baseUrl) : undefined;

  const unavailable = (method: string, path: string, reason: string, cause?: unknown): ServiceUnavailableError => {
    logger?.warn({ service, method, path, reason, ...(cause ? { err: cause } : {}) }, `${service} did not answer ${method} ${path.split('?')[0]}`);
    return new ServiceUnavailableError(service, reason);
  };

  async function request<T>(method: TInternalMethod, path: string, call: TInternalCall<T>): Promise<T> {
    const url = internalUrl(base ?? NOWHERE, path, service);
    if (!base) throw unavailable(method, path, 'not configured');
    const headers: Record<string, string> = { accept: 'application/json' };
    const requestId = getContext()?.requestId;
    if (requestId) headers['x-request-id'] = requestId;
    if (call.token) headers.authorization = `Bearer ${call.token}`;
    if (call.body !== undefined) headers['content-type'] = 'application/json';

    let response: Response;
    let body: unknown;
    try {
      // One deadline for the whole exchange: the answer's body is read under the same signal.
      response = await fetch(url, {
        method,
        headers,
        ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      body = text ? JSON.parse(text) : undefined;
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (error as Error).message;
      throw unavailable(method, path, reason, error);
    }

    if (response.ok) {
      const parsed = call.answer.safeParse(body);
      if (!parsed.success) throw unavailable(method, path, `answered ${response.status} in an unexpected shape: ${parsed.error.issues[0]?.message ?? ''}`);
      return parsed.data;
    }
    const refusal = response.status < 500 ? refusalOf(response.status, body) : undefined;
    if (!refusal) throw unavailable(method, path, `answered ${response.status}`);
    logger?.info({ service, method, path, status: refusal.status, code: refusal.code }, `${service} refused ${method} ${path.split('?')[0]}`);
    throw refusal;
  }

  return {
    service,
    configured: base !== undefined,
    request,
    get: (path, call) => request('GET', path, call),
  };
}
