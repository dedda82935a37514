import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * By default, past this size a refused upload is not read to its end: the connection is closed after the answer
 * instead. An upload route passes its own largest valid body, so the gateway streaming to it always hears the answer.
 */
export const REFUSED_BODY_DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * What is left of a refused request body (an upload answered 413, 415 or 429 before or while it was read): read
 * and discarded up to `limit` bytes, so the client gets the answer and its keep-alive connection stays usable. A
 * body declared larger than that, or found larger while draining, is not read on: the answer says
 * `connection: close`, and past the limit the socket is destroyed, so nothing stalls and nothing unbounded is read.
 */
export function discardRefusedBody(request: FastifyRequest, reply: FastifyReply, limit = REFUSED_BODY_DRAIN_LIMIT_BYTES): void {
  const raw = request.raw;
  raw.unpipe();
  if (raw.complete || raw.readableEnded) return;
  const declared = Number(request.headers['content-length']);
  if (!(declared <= limit) && !reply.sent) void reply.header('connection', 'close');
  let drained = 0;
  raw.on('error', () => undefined);
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > limit) raw.socket?.destroy();
  });
  raw.resume();
}

/** True when the request carries a body (a Content-Length above 0, or a Transfer-Encoding). */
export function hasBody(request: FastifyRequest): boolean {
  return Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
}
