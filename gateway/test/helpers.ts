import { createHash, randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { createTokenSigner, listen, type TTokenSigner } from '@platform/service-kit';
import { createTestEnvironment, refusingPort, type TTestEnvironment } from '@platform/service-kit/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { start, ZGatewayConfigSchema, type TGatewayConfig } from '../src/index.js';

/** What an echo upstream saw of one request. */
export interface TSeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  bodyLength: number;
  bodySha256: string;
  bodyText: string;
}

export interface TEchoUpstream {
  url: string;
  seen: TSeenRequest[];
  /** WebSocket connections accepted on /ws so far. */
  readonly socketsOpened: number;
  /** Answers this status (and JSON) for the next requests to the path, instead of the echo. */
  answer(path: string, status: number, body: unknown): void;
  /** Holds requests to the path without answering until release() (for timeouts). */
  hold(path: string): void;
  release(): void;
  close(): Promise<void>;
}

/**
 * A small real service standing in for the one the gateway routes to: answers every request with what it
 * received (method, url, headers, body length, hash and text), optionally accepts WebSocket echo on /ws.
 */
export async function startEchoUpstream(options: { websocket?: boolean } = {}): Promise<TEchoUpstream> {
  const app: FastifyInstance = Fastify({ bodyLimit: 600 * 1024 * 1024, forceCloseConnections: true });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  const seen: TSeenRequest[] = [];
  const answers = new Map<string, { status: number; body: unknown }>();
  const held = new Set<string>();
  let releaseHeld: () => void = () => undefined;
  let heldPromise = new Promise<void>((r) => (releaseHeld = r));

  app.get('/health', async () => ({ status: 'ok' }));
  app.all('/*', async (request, reply) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const path = request.url.split('?')[0] ?? '';
    seen.push({
      method: request.method,
      url: request.url,
      headers: request.headers,
      bodyLength: body.length,
      bodySha256: createHash('sha256').update(body).digest('hex'),
      bodyText: body.length < 100_000 ? body.toString('utf8') : '',
    });
    if (held.has(path)) await heldPromise;
    const answer = answers.get(path);
    if (answer) return reply.status(answer.status).send(answer.body);
    const last = seen[seen.length - 1]!;
    return { method: last.method, url: last.url, headers: last.headers, bodyLength: last.bodyLength, bodySha256: last.bodySha256, bodyText: last.bodyText };
  });

  let wss: WebSocketServer | undefined;
  let socketsOpened = 0;
  if (options.websocket) {
    wss = new WebSocketServer({ server: app.server, path: '/ws' });
    wss.on('connection', (socket, request) => {
      socketsOpened += 1;
      socket.send(`hello ${request.url ?? ''}`);
      socket.on('message', (data) => socket.send(`echo:${String(data)}`));
    });
  }

  const url = await listen(app as never, '127.0.0.1', 0);
  return {
    url,
    seen,
    get socketsOpened() {
      return socketsOpened;
    },
    answer: (path, status, body) => answers.set(path, { status, body }),
    hold: (path) => held.add(path),
    release: () => {
      releaseHeld();
      heldPromise = new Promise<void>((r) => (releaseHeld = r));
    },
    async close() {
      releaseHeld();
      for (const client of wss?.clients ?? []) client.terminate();
      wss?.close();
      await app.close();
    },
  };
}

/** An upstream URL that refuses connections for the rest of the test file (see refusingPort). */
export async function closedPortUrl(): Promise<string> {
  return (await refusingPort()).url;
}

export interface TGatewayHarness {
  env: TTestEnvironment;
  config: TGatewayConfig;
  url: string;
  internalUrl: string;
  signer: TTokenSigner;
  tokenFor(role: 'employee' | 'admin', id?: string): Promise<string>;
  stop(): Promise<void>;
}

/** The real gateway on port 0, with its own Redis prefix and key pair, in front of the given upstreams. */
export async function startGateway(envName: string, overrides: Record<string, string | undefined>, env?: TTestEnvironment): Promise<TGatewayHarness> {
  const testEnv = env ?? (await createTestEnvironment(envName));
  // The test environment believes X-Forwarded-For from loopback (TRUST_PROXY), so tests can name client addresses.
  const config = ZGatewayConfigSchema.parse({ ...testEnv.env, ...overrides });
  const gateway = await start(config);
  const signer = await createTokenSigner({ privateKeyPem: testEnv.keys.privateKeyPem, audience: config.JWT_AUDIENCE, issuer: config.JWT_ISSUER });
  return {
    env: testEnv,
    config,
    url: gateway.url,
    internalUrl: gateway.internalUrl,
    signer,
    tokenFor: (role, id = randomUUID()) => signer.sign({ id, role }),
    async stop() {
      await gateway.stop();
      if (!env) await testEnv.cleanup();
    },
  };
}

/** The claims of a token, read without checking it (tests only). */
export function claimsOf(token: string): { sub: string; jti: string; exp: number } {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string; jti: string; exp: number };
}
