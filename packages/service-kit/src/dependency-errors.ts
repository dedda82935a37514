/**
 * Failures that mean "a server this process depends on is not reachable right now" (PostgreSQL, Redis), not "this
 * request or this code is wrong". toAppError answers them 503 SERVICE.UNAVAILABLE, and a consumer retries an event
 * that met one without counting it as a failed attempt: the same request or event succeeds once the server is back.
 */
export const SERVICE_UNAVAILABLE_MESSAGE = 'Service temporarily unavailable. Please try again shortly.';

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01 admin_shutdown (pg_terminate_backend, a fast
 * shutdown), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down, recovering), 53300
 * too_many_connections.
 */
const POSTGRES_CODES = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** Socket errors of a connection refused, reset or timed out (node's error.code). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** Messages of node-postgres (pg, pg-pool) and ioredis that carry no code. */
const MESSAGES = [
  /^Connection terminated/, // pg: "Connection terminated unexpectedly", "... due to connection timeout"
  /^timeout exceeded when trying to connect$/, // pg-pool: no connection within connectionTimeoutMillis
  /^Client has encountered a connection error and is not queryable$/, // pg: a query on a client whose connection died
  /^Client was closed and is not queryable$/,
  /^Connection is closed\.$/, // ioredis
  /^Command timed out$/, // ioredis commandTimeout
  /^Stream isn't writeable/, // ioredis without an offline queue
];

/** ioredis: the command failed on every reconnection attempt it was allowed (maxRetriesPerRequest). */
const ERROR_NAMES = new Set(['MaxRetriesPerRequestError']);

function matchesOne(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (POSTGRES_CODES.test(code) || SOCKET_CODES.has(code))) return true;
  if (ERROR_NAMES.has(error.name)) return true;
  return MESSAGES.some((pattern) => pattern.test(error.message));
}

/** True when the error (or an error it wraps as `cause`, up to three levels) is a dependency out of reach. */
export function isDependencyUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    if (matchesOne(current)) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}

/**
 * PostgreSQL SQLSTATEs of a transaction that lost a race, not of a wrong request: 40P01 deadlock_detected and 40001
 * serialization_failure. The same work succeeds when it is run again; a consumer retries such an event at once and
 * never counts it as a failed attempt.
 */
const CONFLICT_CODES = new Set(['40P01', '40001']);

/** What a request that lost such a race is answered (503): nothing of it was applied, and the same request can be sent again. */
export const TRANSIENT_CONFLICT_MESSAGE = 'Another change to the same records was being made at the same moment, and nothing was changed. Please try again.';

/** True when the error is a deadlock or serialization failure (see CONFLICT_CODES). */
export function isTransientConflict(error: unknown): boolean {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && CONFLICT_CODES.has(code);
}
