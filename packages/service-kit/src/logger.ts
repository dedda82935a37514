import { pino, type Logger } from 'pino';
import { getContext } from './context.js';

export type { Logger };

/** JSON logs; every line written inside a request or an event handler carries its request id. */
export function createLogger(options: { service: string; level?: string }): Logger {
  return pino({
    level: options.level ?? 'info',
    base: { service: options.service },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['req.headers.authorization', 'password', 'newPassword', 'token', '*.password', '*.token'],
      censor: '[redacted]',
    },
    mixin() {
      const ctx = getContext();
      return ctx ? { requestId: ctx.requestId, ...(ctx.causationId ? { causationId: ctx.causationId } : {}) } : {};
    },
  });
}
