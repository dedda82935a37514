import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { CHAT_CLOSE_CODES } from '@platform/contracts';
import { AppError, COMMON_ERRORS, type Logger, type TApp, type TTokenVerifier } from '@platform/service-kit';
import type { FastifyRequest } from 'fastify';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { TRateLimits } from './rate-limits.js';
import type { TUpstreamGroup } from './upstreams.js';

export const WS_PATH = '/ws';

export interface TSocketLimits {
  /** Largest frame a client may send (chat's own limit): a bigger one closes the socket with 1009 as its header arrives. */
  maxPayloadBytes: number;
  /** Sockets open at once from one client address (this gateway instance): the next upgrade is refused with 429. */
  maxSocketsPerAddress: number;
  /** Sockets from one address that have not yet authenticated: the next upgrade is refused with 429. */
  maxPendingPerAddress: number;
  /** Authenticated sockets of one user (this gateway instance): the next one is closed with 4429. */
  maxSocketsPerUser: number;
}

/** Frames held while the chat connection opens or the auth frame is checked; past this the socket is closed (1008). */
const MAX_HELD_FRAMES = 32;
/** Data waiting to be written to either side; past this the slower side is dropped (it reconnects and catches up). */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** Largest frame taken from chat (its frames are a few KiB: a message, counts, a conversation row). */
const MAX_UPSTREAM_PAYLOAD_BYTES = 1024 * 1024;

const kUpgrade = Symbol('websocket upgrade');
type TUpgradeRequest = IncomingMessage & { [kUpgrade]?: { socket: Duplex; head: Buffer } };

/** Close codes a peer may be sent (1005, 1006 and 1015 only describe a close, 1004 is reserved). */
function sendableCloseCode(code: number): number | undefined {
  if ((code >= 1000 && code <= 1014 && code !== 1004 && code !== 1005 && code !== 1006) || (code >= 3000 && code <= 4999)) return code;
  return code === 1006 ? 1011 : undefined;
}

function closeSocket(ws: WebSocket, code?: number, reason = ''): void {
  if (ws.readyState === WebSocket.CONNECTING) return ws.terminate();
  if (ws.readyState !== WebSocket.OPEN) return;
  const sendable = code === undefined ? undefined : sendableCloseCode(code);
  // A close reason is at most 123 bytes.
  ws.close(sendable, sendable === undefined ? undefined : Buffer.from(reason).subarray(0, 123).toString('utf8').replace(/\uFFFD$/, ''));
}

/** The first frame's token, if the frame is `{type: 'auth', token}` (anything else is chat's to answer). */
function authToken(data: RawData, isBinary: boolean): string | undefined {
  if (isBinary) return undefined;
  try {
    const frame = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(data as Buffer[]).toString('utf8')) as unknown;
    if (typeof frame === 'object' && frame !== null && (frame as { type?: unknown }).type === 'auth') {
      const token = (frame as { token?: unknown }).token;
      return typeof token === 'string' ? token : undefined;
    }
  } catch {
    // Not JSON: chat answers it.
  }
  return undefined;
}

export interface TSocketProxy {
  /** Sockets open now through this gateway: all, and those not yet authenticated. */
  counts(): { open: number; pending: number };
}

/**
 * `/ws`: the chat socket, proxied with limits of its own, so nothing reaches chat (or the gateway's memory) that chat
 * would refuse anyway (issue 26):
 * - the upgrade goes through the Fastify router (request id, client address as TRUST_PROXY says, security headers,
 *   JSON errors), and is refused with 429 past the per-address caps (open sockets, sockets not yet authenticated)
 *   or the per-address upgrade rate (Redis, RATE_LIMIT_WS_UPGRADE_PER_ADDRESS), 503 while the gateway stops;
 * - frames are capped at chat's size: `ws` reads a frame's declared length from its header and closes with 1009
 *   before buffering it;
 * - the first `{type: auth, token}` frame is checked here too (the same verifier as every API call): a good token
 *   counts the socket for its user, and past the per-user cap the socket is closed with 4429 before chat hears it.
 *   A bad token is passed on, for chat to answer as it always does (auth failed, 4401);
 * - frames held while chat's side opens or the auth frame is checked, and data waiting on a slow side, are bounded.
 * The counts are per gateway instance (in memory).
 */
export function registerSocketProxy(
  app: TApp,
  options: { chat: TUpstreamGroup; verifier: TTokenVerifier; rateLimits: TRateLimits; limits: TSocketLimits; connectTimeoutMs: number; logger: Logger },
): TSocketProxy {
  const { chat, verifier, rateLimits, limits, logger } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxPayloadBytes, perMessageDeflate: false, clientTracking: false });
  const openByAddress = new Map<string, number>();
  const pendingByAddress = new Map<string, number>();
  const openByUser = new Map<string, number>();
  const links = new Set<{ client: WebSocket; upstream: WebSocket }>();
  let pendingTotal = 0;
  let closing = false;

  const add = (map: Map<string, number>, key: string, by: number) => {
    const next = (map.get(key) ?? 0) + by;
    if (next > 0) map.set(key, next);
    else map.delete(key);
  };

  const tooMany = (message: string, state: 'open' | 'pending') => new AppError('REQUEST.TOO_MANY_CONNECTIONS', 429, message, undefined, undefined, { state });

  // Every upgrade is dispatched through the router (as @fastify/http-proxy does): its answer, if it is refused, is
  // written on the socket as a plain HTTP response.
  const onUpgrade = (raw: TUpgradeRequest, socket: Duplex, head: Buffer): void => {
    const pathname = (raw.url ?? '/').split('?')[0];
    if (pathname !== WS_PATH) {
      const body = JSON.stringify({ message: 'Not found', code: 'NOT_FOUND', params: { what: 'route' } });
      socket.end(`HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
      return;
    }
    raw[kUpgrade] = { socket, head };
    const response = new ServerResponse(raw);
    response.assignSocket(socket as never);
    response.on('finish', () => socket.destroy());
    app.routing(raw, response);
  };
  app.server.on('upgrade', onUpgrade);

  app.get(WS_PATH, async (request: FastifyRequest, reply) => {
    const upgrade = (request.raw as TUpgradeRequest)[kUpgrade];
    if (!upgrade) throw new AppError('REQUEST.UPGRADE_REQUIRED', 426, 'This is the WebSocket endpoint: connect with a WebSocket client');
    if (closing) throw COMMON_ERRORS.unavailable('The gateway is restarting. Please reconnect shortly.');
    const address = request.ip;
    if ((openByAddress.get(address) ?? 0) >= limits.maxSocketsPerAddress) throw tooMany('Too many open chat connections from your address. Close another tab and try again.', 'open');
    if ((pendingByAddress.get(address) ?? 0) >= limits.maxPendingPerAddress) throw tooMany('Too many chat connections waiting to sign in from your address. Please try again shortly.', 'pending');
    // Counted before the rate limit is read, so parallel upgrades cannot all pass the caps.
    add(openByAddress, address, 1);
    add(pendingByAddress, address, 1);
    pendingTotal += 1;
    let counted = true;
    const uncount = (pending: boolean) => {
      if (!counted) return;
      counted = false;
      add(openByAddress, address, -1);
      if (pending) {
        add(pendingByAddress, address, -1);
        pendingTotal -= 1;
      }
    };
    try {
      await rateLimits.consume('socketUpgrade', address, undefined);
    } catch (error) {
      uncount(true);
      throw error;
    }
    if (closing || upgrade.socket.destroyed) {
      uncount(true);
      throw COMMON_ERRORS.unavailable('The gateway is restarting. Please reconnect shortly.');
    }
    void reply.hijack();
    // ws answers a malformed handshake (no Sec-WebSocket-Key, another version) with 400 itself and never calls back:
    // the counts are given back when such a socket closes.
    let linked = false;
    upgrade.socket.once('close', () => {
      if (!linked) uncount(true);
    });
    wss.handleUpgrade(request.raw, upgrade.socket, upgrade.head, (client) => {
      linked = true;
      link(client, upgrade.socket, request, address, uncount);
    });
  });

  const link = (client: WebSocket, raw: Duplex, request: FastifyRequest, address: string, uncount: (pending: boolean) => void): void => {
    const upstreamBase = chat.pick('socket');
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const upstream = new WebSocket(`${upstreamBase.replace(/^http/, 'ws')}${WS_PATH}${query}`, {
      headers: { 'x-forwarded-for': address, 'x-request-id': request.id, 'x-forwarded-proto': request.protocol },
      maxPayload: MAX_UPSTREAM_PAYLOAD_BYTES,
      perMessageDeflate: false,
      handshakeTimeout: options.connectTimeoutMs,
    });
    const pair = { client, upstream };
    links.add(pair);
    let pending = true;
    let userId: string | undefined;
    /** Frames from the client waiting for chat's side to open, or for the auth frame's check. */
    const held: { data: RawData; isBinary: boolean }[] = [];
    let checking = false;
    let ended = false;

    const end = (clientCode?: number, reason?: string, upstreamCode?: number) => {
      if (ended) return;
      ended = true;
      links.delete(pair);
      uncount(pending);
      if (userId) add(openByUser, userId, -1);
      closeSocket(client, clientCode, reason);
      closeSocket(upstream, upstreamCode ?? clientCode, reason);
    };

    const toUpstream = (data: RawData, isBinary: boolean) => {
      if (upstream.bufferedAmount > MAX_BUFFERED_BYTES) return end(CHAT_CLOSE_CODES.policy, 'Too many frames');
      upstream.send(data, { binary: isBinary });
    };

    const flush = () => {
      while (held.length > 0 && !checking && upstream.readyState === WebSocket.OPEN) {
        const { data, isBinary } = held.shift()!;
        const token = pending ? authToken(data, isBinary) : undefined;
        if (token === undefined) {
          toUpstream(data, isBinary);
          continue;
        }
        checking = true;
        verifier.verify(token).then(
          (user) => {
            checking = false;
            if (ended) return;
            if ((openByUser.get(user.userId) ?? 0) >= limits.maxSocketsPerUser) {
              return end(CHAT_CLOSE_CODES.tooManySockets, 'Too many connections for this account', 1000);
            }
            pending = false;
            add(pendingByAddress, address, -1);
            pendingTotal -= 1;
            userId = user.userId;
            add(openByUser, userId, 1);
            toUpstream(data, isBinary);
            flush();
          },
          () => {
            // Chat answers a bad token (auth failed, 4401) as it always does.
            checking = false;
            if (ended) return;
            toUpstream(data, isBinary);
            flush();
          },
        );
      }
    };

    client.on('message', (data: RawData, isBinary: boolean) => {
      if (ended) return;
      if (held.length === 0 && !checking && !pending && upstream.readyState === WebSocket.OPEN) return toUpstream(data, isBinary);
      if (held.length >= MAX_HELD_FRAMES) return end(CHAT_CLOSE_CODES.policy, 'Too many frames before the connection was ready');
      held.push({ data, isBinary });
      flush();
    });
    client.on('close', (code: number, reason: Buffer) => end(code, reason.toString()));
    client.on('error', (error) => {
      // A frame over the size limit (or broken framing): ws has sent the close frame (1009, 1002...) and would go on
      // reading the rest of the frame to find the client's answer. It is not read (a 40 MB frame would pass through
      // the gateway's memory as garbage): the socket is paused, and ended once the close frame has had time to leave.
      process.nextTick(() => raw.pause());
      setTimeout(() => raw.destroy(), 1_000).unref();
      logger.debug({ err: error, address }, 'gateway ws: client socket error');
      end((error as Error & { code?: string }).code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' ? 1009 : 1002, error.message.slice(0, 100));
    });

    upstream.on('open', flush);
    upstream.on('message', (data: RawData, isBinary: boolean) => {
      if (client.readyState !== WebSocket.OPEN) return;
      if (client.bufferedAmount > MAX_BUFFERED_BYTES) {
        logger.info({ address, userId, buffered: client.bufferedAmount }, 'gateway ws: client too slow to read; dropped');
        client.terminate();
        return end(1001);
      }
      client.send(data, { binary: isBinary });
    });
    upstream.on('close', (code: number, reason: Buffer) => end(code, reason.toString()));
    upstream.on('unexpected-response', (_req, res) => {
      res.resume();
      end(1013, 'The chat is not available. Please reconnect shortly.');
    });
    upstream.on('error', (error: Error & { code?: string }) => {
      if (upstream.readyState !== WebSocket.OPEN && (error.code === 'ECONNREFUSED' || error.code === 'EHOSTUNREACH')) chat.markDown(upstreamBase);
      logger.warn({ err: error, upstream: upstreamBase }, 'gateway ws: chat socket failed');
      end(1013, 'The chat is not available. Please reconnect shortly.');
    });
  };

  app.addHook('preClose', async () => {
    closing = true;
    app.server.off('upgrade', onUpgrade);
    const open = [...links];
    for (const { client, upstream } of open) {
      closeSocket(client, CHAT_CLOSE_CODES.goingAway, 'Server restarting');
      closeSocket(upstream, 1001, 'Gateway restarting');
    }
    const deadline = Date.now() + 1_000;
    while (open.some((l) => l.client.readyState !== WebSocket.CLOSED) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    for (const { client, upstream } of open) {
      client.terminate();
      upstream.terminate();
    }
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });

  return { counts: () => ({ open: links.size, pending: pendingTotal }) };
}
