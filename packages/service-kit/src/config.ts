import { z } from 'zod';
import { INTERNAL_API_TIMEOUT_MS } from './internal-client.js';

/**
 * Whose X-Forwarded-For to believe: `true`, `false`, or a comma-separated list of addresses/CIDRs. Unset or
 * empty: nobody (the production default), so request.ip is the connecting address. The gateway names the load
 * balancer in front of it; a service names the gateway. The development stack and the tests set `127.0.0.1`.
 */
export const ZTrustProxySchema = z
  .string()
  .default('')
  .transform((value): boolean | string[] => {
    if (value === 'true') return true;
    if (value === 'false' || value === '') return false;
    return value.split(',').map((s) => s.trim()).filter(Boolean);
  });

/** Settings every service shares; a service extends this schema with its own. */
export const ZBaseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535),
  /**
   * Listen on this inherited, already listening socket instead of binding HOST:PORT (socket activation: the local
   * stack, scripts/stack.ts, hands the gateway its public socket, so the platform's address is known before the
   * services start and nothing else can take the port meanwhile).
   */
  LISTEN_FD: z.coerce.number().int().min(3).optional(),
  /** Where /health, /ready and /metrics are served, apart from the public port (0 picks a free port, as tests do). */
  INTERNAL_HOST: z.string().default('127.0.0.1'),
  INTERNAL_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  TRUST_PROXY: ZTrustProxySchema,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().url(),
  RABBITMQ_URL: z.string().url().default('amqp://guest:guest@127.0.0.1:5672'),
  EVENTS_EXCHANGE: z.string().min(1).default('platform.events'),
  /** Prepended to every queue name, so test runs never share queues. */
  QUEUE_PREFIX: z.string().default(''),
  /** Tests only: the broker deletes a consumer's queues this long after their last consumer left. */
  QUEUE_EXPIRES_MS: z.coerce.number().int().positive().optional(),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  /** Prepended to every Redis key, so test runs never share keys. */
  REDIS_PREFIX: z.string().default('platform:'),
  JWT_PUBLIC_KEY: z.string().min(1, 'JWT_PUBLIC_KEY (PEM, SPKI) is required'),
  JWT_AUDIENCE: z.string().default('platform-api'),
  JWT_ISSUER: z.string().default('platform-auth'),
  /** How long a call to another service's /internal/ API may take (createInternalClient) before it is 503. */
  INTERNAL_API_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(INTERNAL_API_TIMEOUT_MS),
});
export type TBaseConfig = z.infer<typeof ZBaseConfigSchema>;

export class ConfigError extends Error {}

/** Parses the environment with the service's schema and fails fast, naming every bad variable. */
export function loadConfig<S extends z.ZodType>(schema: S, env: Record<string, string | undefined> = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** PEM keys may arrive with literal "\n" when passed through an environment variable. */
export function normalisePem(value: string): string {
  return value.includes('\\n') ? value.replace(/\\n/g, '\n') : value;
}
