import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { CHAT_CLOSE_CODES, ZChatClientFrameSchema, type TChatClientFrame, type TChatServerFrame, type TSupportServerFrame } from '@platform/contracts';
import {
  AppError,
  COMMON_ERRORS,
  parseJsonBody,
  toAppError,
  validationErrorFromIssues,
  type Logger,
  type TApp,
  type TAuthUser,
  type TRevocationNotice,
  type TTokenVerifier,
} from '@platform/service-kit';
import client from 'prom-client';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { CHAT_ERRORS } from '../../domain/chat.errors.js';
import type { TActor, TChatDeps } from '../../domain/deps.js';
import { postMessage } from '../../domain/post-message.use-case.js';
import { markChatRead, readUnreadCounts } from '../../domain/unread.use-case.js';

export const WS_PATH = '/ws';

export interface TChatSocketOptions {
  maxPayloadBytes: number;
  authTimeoutMs: number;
  heartbeatIntervalMs: number;
  idleTimeoutMs: number;
  revalidateIntervalMs: number;
  framesPerSecond: number;
  maxBufferedBytes: number;
}

/** A socket and its session: who it is (from its auth frame on), its limits' state and its timers. */
export interface TSession {
  ws: WebSocket;
  user?: TAuthUser & { token: string };
  /** Answered the last protocol ping. */
  alive: boolean;
  lastFrameAt: number;
  /** Token bucket of frames. */
  allowance: number;
  refilledAt: number;
  dropped: number;
  /** A revocation named this socket's token or user: nothing more is sent to it but the end of its session. */
  revoked: boolean;
  /** Frames of one socket are handled one after another. */
  queue: Promise<void>;
  timers: NodeJS.Timeout[];
}

export type TServerFrame = TChatServerFrame | TSupportServerFrame;

export interface TSocketSessions {
  /** Sockets open now: authenticated, and waiting for their auth frame. */
  counts(): { authenticated: number; pending: number };
  /** The sessions that hear the rooms: authenticated, from their auth answer on. */
  authenticated(): ReadonlySet<TSession>;
  /** One user's authenticated sessions on this instance (each device). */
  ofUser(userId: string): ReadonlySet<TSession>;
  /**
   * Sends a frame, unless the session was revoked or its socket is closing; a broadcast passes it encoded once (one
   * Buffer for every socket, sent as a text frame, counted under `type`). A socket too slow to read is dropped.
   */
  send(session: TSession, frame: TServerFrame | Buffer, type?: string): void;
  close(): Promise<void>;
}

/**
 * The live connection (spec 01 s.7; architecture "Real-time chat"): `ws` on the chat service's own HTTP server at
 * /ws, one session per socket. A client authenticates with {type: auth, token} first (browsers cannot send a header
 * on the upgrade); then it sends chat_message, mark_read, active_tab and ping, each answered by one use case
 * (answerFrame), and hears message_ack, error and pong here, and what the fan-out sends it (fan-out.ts).
 *
 * Limits: frames up to maxPayloadBytes (a bigger one closes the socket, 1009); framesPerSecond per socket (burst
 * twice that; faster frames get an error frame and are dropped, and a socket that keeps at it is closed, 1008);
 * no auth within authTimeoutMs closes it (4401); a protocol ping every heartbeatIntervalMs, and a socket that did
 * not answer the previous one, or sent nothing for idleTimeoutMs (a dead client behind the gateway, whose pongs the
 * gateway answers itself), is dropped; a revocation announced on Redis (logout, ban, deletion, password change) ends
 * the sockets of that token or user at once, and every socket's token is also checked before each frame it sends and
 * every revalidateIntervalMs, a revoked or expired one ending the socket (4403); a socket too slow to read (more than
 * maxBufferedBytes waiting) is dropped, and catches up when it reconnects.
 */
export function startSocketSessions(options: { app: TApp; deps: TChatDeps; verifier: TTokenVerifier; logger: Logger; registry: client.Registry; limits: TChatSocketOptions }): TSocketSessions {
  const { app, deps, verifier, logger, limits } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxPayloadBytes, perMessageDeflate: false, clientTracking: false });
  const all = new Set<TSession>();
  const authenticated = new Set<TSession>();
  const byUser = new Map<string, Set<TSession>>();
  const nobody: ReadonlySet<TSession> = new Set();
  let closing = false;

  new client.Gauge({
    name: 'chat_ws_connections',
    help: 'Open WebSocket connections of this instance',
    labelNames: ['state'] as const,
    registers: [options.registry],
    collect() {
      this.set({ state: 'authenticated' }, authenticated.size);
      this.set({ state: 'pending' }, all.size - authenticated.size);
    },
  });
  const delivered = new client.Counter({ name: 'chat_ws_frames_sent_total', help: 'Frames sent to sockets', labelNames: ['type'] as const, registers: [options.registry] });

  const send = (conn: TSession, frame: TServerFrame | Buffer, type?: string, ending = false): void => {
    const { ws } = conn;
    if (ws.readyState !== WebSocket.OPEN || (conn.revoked && !ending)) return;
    if (ws.bufferedAmount > limits.maxBufferedBytes) {
      logger.info({ userId: conn.user?.userId, buffered: ws.bufferedAmount }, 'chat: socket too slow to read; dropped');
      ws.terminate();
      return;
    }
    if (Buffer.isBuffer(frame)) ws.send(frame, { binary: false });
    else ws.send(JSON.stringify(frame));
    delivered.labels(type ?? (Buffer.isBuffer(frame) ? 'raw' : frame.type)).inc();
  };

  const sendError = (conn: TSession, error: unknown, clientId?: string | null): void => {
    const appError = toAppError(error);
    if (appError.status >= 500) logger.error({ err: error, userId: conn.user?.userId }, 'chat: socket frame failed');
    send(conn, errorFrame(appError, clientId));
  };

  const forget = (conn: TSession): void => {
    for (const timer of conn.timers) clearTimeout(timer);
    all.delete(conn);
    authenticated.delete(conn);
    if (conn.user) {
      const mine = byUser.get(conn.user.userId);
      if (mine?.delete(conn)) deps.presence.disconnected(conn.user.userId);
      if (mine?.size === 0) byUser.delete(conn.user.userId);
    }
  };

  /** Closes a socket that never authenticated (auth refused, late, or skipped). */
  const refuse = (conn: TSession, reason: string): void => {
    conn.ws.close(CHAT_CLOSE_CODES.unauthenticated, reason);
    forget(conn);
  };

  const endSession = (conn: TSession, error: unknown): void => {
    const appError = toAppError(error);
    send(conn, { type: 'error', code: appError.code, message: appError.message }, undefined, true);
    conn.ws.close(CHAT_CLOSE_CODES.sessionEnded, 'Session ended');
    forget(conn);
  };

  /** The token is still good (not revoked, not expired); otherwise the socket ends and false is answered. */
  const recheck = async (conn: TSession): Promise<boolean> => {
    try {
      await verifier.verify(conn.user!.token);
      return true;
    } catch (error) {
      if (!isSessionEnded(error)) throw error;
      endSession(conn, error);
      return false;
    }
  };

  const authenticate = async (conn: TSession, token: string): Promise<void> => {
    if (conn.user) return;
    let user: TAuthUser;
    try {
      user = await verifier.verify(token);
    } catch (error) {
      const appError = toAppError(error);
      send(conn, { type: 'auth', success: false, message: appError.message, code: appError.code });
      refuse(conn, 'Authentication failed');
      return;
    }
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    conn.user = { ...user, token };
    const untilExpiry = user.exp * 1000 - Date.now();
    conn.timers.push(setTimeout(() => endSession(conn, CHAT_ERRORS.sessionExpired()), Math.min(Math.max(untilExpiry, 0), 2 ** 31 - 1)));
    const unread = await readUnreadCounts(deps, actorOf(conn.user)).catch((error: unknown) => {
      logger.warn({ err: error }, 'chat: unread counts not read at authentication');
      return { general: 0, support: 0 };
    });
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    // The socket hears messages only from its auth answer on, never before it: a reconnecting client reads after the
    // last id it held when it hears the answer, and a live message ahead of that answer would move its last id past
    // the ones it missed while away (found by bench/reliability.ts: a chat instance killed mid-chat).
    authenticated.add(conn);
    const mine = byUser.get(user.userId) ?? new Set<TSession>();
    mine.add(conn);
    byUser.set(user.userId, mine);
    deps.presence.connected(user.userId);
    send(conn, { type: 'auth', success: true, userId: user.userId, role: user.role, unread });
  };

  const handle = async (conn: TSession, raw: unknown): Promise<void> => {
    const parsed = ZChatClientFrameSchema.safeParse(raw);
    if (!parsed.success) {
      sendError(conn, validationErrorFromIssues(parsed.error.issues), clientIdOf(raw));
      return;
    }
    const frame = parsed.data;
    if (frame.type === 'auth') return authenticate(conn, frame.token);
    if (!conn.user) {
      sendError(conn, CHAT_ERRORS.authRequired());
      refuse(conn, 'Authentication required');
      return;
    }
    // Every frame of an authenticated socket is checked: a revoked or expired session is ended before the frame does anything.
    try {
      if (!(await recheck(conn))) return;
    } catch (error) {
      sendError(conn, error, frame.type === 'chat_message' ? (frame.clientId ?? null) : undefined);
      return;
    }
    await answerFrame({ deps, verifier, user: conn.user, send: (answer) => send(conn, answer), sendError: (error, clientId) => sendError(conn, error, clientId) }, frame);
  };

  const onConnection = (ws: WebSocket): void => {
    const now = Date.now();
    const conn: TSession = {
      ws,
      alive: true,
      lastFrameAt: now,
      allowance: limits.framesPerSecond * 2,
      refilledAt: now,
      dropped: 0,
      revoked: false,
      queue: Promise.resolve(),
      timers: [],
    };
    all.add(conn);
    conn.timers.push(
      setTimeout(() => {
        if (conn.user || ws.readyState !== WebSocket.OPEN) return;
        const late = CHAT_ERRORS.authTimeout();
        send(conn, { type: 'auth', success: false, message: late.message, code: late.code });
        refuse(conn, 'Authentication timed out');
      }, limits.authTimeoutMs),
    );
    ws.on('pong', () => {
      conn.alive = true;
    });
    ws.on('error', (error) => logger.debug({ err: error }, 'chat: socket error'));
    ws.on('close', () => forget(conn));
    ws.on('message', (data: RawData, isBinary: boolean) => {
      conn.lastFrameAt = Date.now();
      if (!takeAllowance(conn, limits.framesPerSecond)) {
        conn.dropped += 1;
        if (conn.dropped > limits.framesPerSecond * 10) {
          ws.close(CHAT_CLOSE_CODES.policy, 'Too many frames');
          forget(conn);
        } else {
          sendError(conn, CHAT_ERRORS.framesTooFast());
        }
        return;
      }
      if (isBinary) {
        sendError(conn, CHAT_ERRORS.binaryFrame());
        return;
      }
      let raw: unknown;
      try {
        raw = parseJsonBody(Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer));
      } catch (error) {
        sendError(conn, error);
        return;
      }
      // Frames of one socket are handled one after another (a user's messages are stored in the order sent).
      conn.queue = conn.queue.then(() => handle(conn, raw)).catch((error: unknown) => sendError(conn, error));
    });
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const pathname = (request.url ?? '/').split('?')[0];
    if (pathname !== WS_PATH || closing) {
      const refusal = closing ? CHAT_ERRORS.restarting() : COMMON_ERRORS.notFound();
      const body = JSON.stringify({ message: refusal.message, code: refusal.code });
      socket.end(`HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
      return;
    }
    wss.handleUpgrade(request, socket, head, onConnection);
  };
  app.server.on('upgrade', onUpgrade);

  const heartbeat = setInterval(() => {
    const now = Date.now();
    for (const conn of all) {
      if (!conn.alive) {
        conn.ws.terminate();
        forget(conn);
        continue;
      }
      if (now - conn.lastFrameAt > limits.idleTimeoutMs) {
        conn.ws.close(CHAT_CLOSE_CODES.idle, 'Idle');
        forget(conn);
        continue;
      }
      conn.alive = false;
      conn.ws.ping();
    }
  }, limits.heartbeatIntervalMs);

  let revalidating = false;
  const revalidate = setInterval(() => {
    if (revalidating) return;
    revalidating = true;
    void (async () => {
      const sockets = [...authenticated];
      for (let i = 0; i < sockets.length; i += 200) {
        await Promise.all(
          sockets.slice(i, i + 200).map((conn) =>
            recheck(conn).catch((error: unknown) => logger.debug({ err: error }, 'chat: token not rechecked (dependency away); kept')),
          ),
        );
      }
    })().finally(() => {
      revalidating = false;
    });
  }, limits.revalidateIntervalMs);

  // A revocation (logout, ban, deletion, password change) is announced on Redis and heard here by the verifier: the
  // sockets it names hear nothing more at once, and end (4403, with the reason) as soon as their token is read again.
  // After a gap in the announcements (Redis restarted) every socket is checked again.
  const onRevocation = (notice: TRevocationNotice): void => {
    const named =
      'jti' in notice
        ? [...authenticated].filter((conn) => conn.user?.jti === notice.jti)
        : 'userId' in notice
          ? [...(byUser.get(notice.userId) ?? [])]
          : [...authenticated];
    const certain = 'jti' in notice || 'userId' in notice;
    for (const conn of named) {
      if (certain) conn.revoked = true;
      recheck(conn)
        .then((valid) => {
          // A token issued after a user's revocation (in the same millisecond) is still good.
          if (valid) conn.revoked = false;
        })
        .catch((error: unknown) => {
          if (!certain) return logger.debug({ err: error }, 'chat: token not rechecked (dependency away); kept');
          endSession(conn, CHAT_ERRORS.sessionRevoked());
        });
    }
  };
  const stopHearingRevocations = verifier.onRevocation(onRevocation);

  const close = async (): Promise<void> => {
    if (closing) return;
    closing = true;
    clearInterval(heartbeat);
    clearInterval(revalidate);
    stopHearingRevocations();
    const open = [...all];
    for (const conn of open) conn.ws.close(CHAT_CLOSE_CODES.goingAway, 'Server restarting');
    const deadline = Date.now() + 1_000;
    while (open.some((c) => c.ws.readyState !== WebSocket.CLOSED) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    for (const conn of open) {
      if (conn.ws.readyState !== WebSocket.CLOSED) conn.ws.terminate();
      forget(conn);
    }
    app.server.off('upgrade', onUpgrade);
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  };
  // Upgraded sockets would keep the HTTP server from closing: end them first.
  app.addHook('preClose', async () => close());

  return {
    counts: () => ({ authenticated: authenticated.size, pending: all.size - authenticated.size }),
    authenticated: () => authenticated,
    ofUser: (userId) => byUser.get(userId) ?? nobody,
    send: (session, frame, type) => send(session, frame, type),
    close,
  };
}

/** What an authenticated session's frame is answered with: one use case each (the socket's counterpart of the routes). */
interface TFrameContext {
  deps: TChatDeps;
  verifier: TTokenVerifier;
  user: TAuthUser & { token: string };
  send(frame: TServerFrame): void;
  sendError(error: unknown, clientId?: string | null): void;
}

async function answerFrame(ctx: TFrameContext, frame: Exclude<TChatClientFrame, { type: 'auth' }>): Promise<void> {
  const { deps, user } = ctx;
  switch (frame.type) {
    case 'ping':
      ctx.send({ type: 'pong' });
      return;
    case 'chat_message': {
      try {
        // The optional token of the spec's client: when it is sent it must be a valid token of this socket's user.
        if (frame.token !== undefined && frame.token !== user.token) {
          const sender = await ctx.verifier.verify(frame.token);
          if (sender.userId !== user.userId) throw CHAT_ERRORS.tokenMismatch();
        }
        const { message } = await postMessage(deps, actorOf(user), {
          content: frame.content,
          replyToId: frame.replyToId,
          chatType: frame.chatType,
          clientId: frame.clientId,
        });
        ctx.send({ type: 'message_ack', clientId: frame.clientId ?? null, message });
      } catch (error) {
        ctx.sendError(error, frame.clientId ?? null);
      }
      return;
    }
    case 'mark_read':
      try {
        await markChatRead(deps, actorOf(user), frame.chatType, frame.upToId);
      } catch (error) {
        ctx.sendError(error);
      }
      return;
    // Opening a chat marks it read as of now. Messages arriving afterwards are marked read only when the device says
    // it has shown them (mark_read with upToId): the server cannot know whether the screen is still open when one
    // arrives, and guessing made counts that differed from the device's after a reload.
    case 'active_tab':
      if (frame.chatType) {
        try {
          await markChatRead(deps, actorOf(user), frame.chatType);
        } catch (error) {
          ctx.sendError(error);
        }
      }
      return;
  }
}

const actorOf = (user: TAuthUser & { token: string }): TActor => ({ userId: user.userId, role: user.role, token: user.token });

const isSessionEnded = (error: unknown) => error instanceof AppError && error.status === 401;

function errorFrame(error: AppError, clientId?: string | null): TServerFrame {
  return {
    type: 'error',
    code: error.code,
    message: error.message,
    ...(error.params ? { params: error.params } : {}),
    ...(error.field ? { field: error.field } : {}),
    ...(clientId !== undefined ? { clientId } : {}),
  };
}

/** The clientId of a frame that did not parse, when it has one (its error names it). */
function clientIdOf(raw: unknown): string | undefined {
  return typeof raw === 'object' && raw !== null && typeof (raw as { clientId?: unknown }).clientId === 'string' ? (raw as { clientId: string }).clientId : undefined;
}

/** A token bucket of frames per socket: framesPerSecond, with a burst of twice that. */
function takeAllowance(conn: TSession, framesPerSecond: number): boolean {
  const now = Date.now();
  const burst = framesPerSecond * 2;
  conn.allowance = Math.min(burst, conn.allowance + ((now - conn.refilledAt) / 1000) * framesPerSecond);
  conn.refilledAt = now;
  if (conn.allowance < 1) return false;
  conn.allowance -= 1;
  return true;
}
