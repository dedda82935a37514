import type { TChatServerFrame, TSupportServerFrame } from '@platform/contracts';
import { CHAT_CLOSE_CODES } from '@platform/contracts/constants';

/** Spec 01 s.9 and the issue: reconnect after 3 s, then back off with jitter. */
export const CHAT_RECONNECT_DELAY_MS = 3000;
export const CHAT_RECONNECT_MAX_DELAY_MS = 30_000;
/** The server closes a socket it heard nothing from for 75 s; a ping every 25 s keeps it, and proves the link. */
export const CHAT_PING_INTERVAL_MS = 25_000;
/** No pong within this after a ping: the link is dead (a phone that slept, a network that changed). */
export const CHAT_PONG_TIMEOUT_MS = 10_000;

/** The delay before reconnect attempt n (1-based): 3 s, then doubling with jitter (±25 %), at most 30 s. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  if (attempt <= 1) return CHAT_RECONNECT_DELAY_MS;
  const base = CHAT_RECONNECT_DELAY_MS * 2 ** Math.min(attempt - 1, 10);
  return Math.round(Math.min(CHAT_RECONNECT_MAX_DELAY_MS, base * (0.75 + random() * 0.5)));
}

export function chatSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

export type TServerFrame = TChatServerFrame | TSupportServerFrame;
export type TAuthenticatedFrame = Extract<TServerFrame, { type: 'auth'; success: true }>;
export type TLiveSocketState = 'connecting' | 'connected' | 'disconnected';

export interface TLiveSocketOptions {
  url: string;
  /** The session's token, read at each connection (none: no connection is opened). */
  token: () => string | null | undefined;
  /** Heard on every change: connecting, connected (authenticated), disconnected. */
  onState: (state: TLiveSocketState) => void;
  /** The server accepted the token (after each connection: read again what may have been missed). */
  onAuthenticated: (frame: TAuthenticatedFrame) => void;
  /** Every other frame but pong. */
  onFrame: (frame: TServerFrame) => void;
  /** The page was hidden or shown again (the socket reconnects at once when shown). */
  onVisibility?: (visible: boolean) => void;
  createSocket?: (url: string) => WebSocket;
  random?: () => number;
  /** Where online/offline and visibility are heard (window and document in the browser). */
  environment?: { window: Window; document: Document };
  /** Written in the console's warnings. */
  name: string;
}

/**
 * The one WebSocket client of the app (issue 32): the chat service's /ws with the session's token, used by the
 * worker's chat (chatClient.ts) and the admin's support desk. It authenticates first ({type: auth, token}; nothing
 * else is sent before the answer), pings every 25 s and drops a link that does not answer within 10 s; after a
 * close it reconnects (3 s, then backoff with jitter), at once when the browser comes back online or the page is
 * shown again, and closes at once when the browser says it is offline. The server's own close codes are heeded: a
 * token it refused or ended (4401, 4403) is never sent again (the socket stays closed until the session has another
 * token; the app's next request finds the session over and signs out with the reason), and past the cap of sockets
 * per user (4429) it waits the longest delay before trying again.
 */
export class LiveSocket {
  private socket: WebSocket | undefined;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = true;
  private authenticated = false;
  /** The token the server refused or ended (4401, 4403): not sent again. */
  private refusedToken: string | undefined;
  private readonly detach: (() => void)[] = [];

  constructor(private readonly options: TLiveSocketOptions) {}

  get connected(): boolean {
    return this.authenticated && this.socket?.readyState === WebSocket.OPEN;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const env = this.options.environment ?? (typeof window === 'undefined' ? undefined : { window, document });
    if (env) {
      const online = () => this.reconnectNow();
      const offline = () => this.drop();
      const visibility = () => {
        const visible = env.document.visibilityState === 'visible';
        if (visible) this.reconnectNow();
        this.options.onVisibility?.(visible);
      };
      env.window.addEventListener('online', online);
      env.window.addEventListener('offline', offline);
      env.document.addEventListener('visibilitychange', visibility);
      this.detach.push(
        () => env.window.removeEventListener('online', online),
        () => env.window.removeEventListener('offline', offline),
        () => env.document.removeEventListener('visibilitychange', visibility),
      );
    }
    this.connect();
  }

  stop(reason: string): void {
    this.stopped = true;
    for (const undo of this.detach.splice(0)) undo();
    clearTimeout(this.reconnectTimer);
    this.stopPinging();
    const socket = this.socket;
    this.socket = undefined;
    this.authenticated = false;
    socket?.close(1000, reason);
  }

  /** Sends a frame once authenticated (answers whether it went out). */
  send(frame: Record<string, unknown>): boolean {
    if (!this.connected) return false;
    this.socket!.send(JSON.stringify(frame));
    return true;
  }

  /** The browser says it is offline (or a ping went unanswered): the socket is useless now; close it so the screen says so at once. */
  drop(): void {
    const socket = this.socket;
    if (!socket) return;
    this.onClosed();
    socket.close(1000, 'Offline');
  }

  private connect(): void {
    if (this.stopped || this.socket) return;
    const token = this.options.token();
    if (!token) return;
    clearTimeout(this.reconnectTimer);
    if (token === this.refusedToken) {
      // Looked at again later: a new sign-in in this tab gives the session another token.
      this.reconnectTimer = setTimeout(() => this.connect(), CHAT_RECONNECT_MAX_DELAY_MS);
      return;
    }
    this.options.onState('connecting');
    let socket: WebSocket;
    try {
      socket = this.options.createSocket ? this.options.createSocket(this.options.url) : new WebSocket(this.options.url);
    } catch (error) {
      console.warn(`${this.options.name}: cannot open the connection`, error);
      this.onClosed();
      return;
    }
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token }));
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket) return;
      let frame: TServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as TServerFrame;
      } catch (error) {
        console.warn(`${this.options.name}: unreadable frame`, error);
        return;
      }
      this.onFrame(frame);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      if (event?.code === CHAT_CLOSE_CODES.unauthenticated || event?.code === CHAT_CLOSE_CODES.sessionEnded) this.refusedToken = token;
      this.onClosed(event?.code === CHAT_CLOSE_CODES.tooManySockets ? CHAT_RECONNECT_MAX_DELAY_MS : undefined);
    };
    socket.onerror = () => undefined;
  }

  private onFrame(frame: TServerFrame): void {
    if (frame.type === 'pong') {
      clearTimeout(this.pongTimer);
      return;
    }
    if (frame.type === 'auth') {
      if (!frame.success) {
        // Spec 01 s.8: socket authentication failure is only logged; the connection is marked not connected.
        console.warn(`${this.options.name}: socket authentication failed`, frame.message);
        return;
      }
      this.authenticated = true;
      this.attempt = 0;
      this.startPinging();
      this.options.onState('connected');
      this.options.onAuthenticated(frame);
      return;
    }
    this.options.onFrame(frame);
  }

  /** `delayMs`: wait this long before the next attempt instead of the backoff's delay. */
  private onClosed(delayMs?: number): void {
    this.socket = undefined;
    this.authenticated = false;
    this.stopPinging();
    if (this.stopped) return;
    this.options.onState('disconnected');
    this.attempt += 1;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => this.connect(), delayMs ?? reconnectDelay(this.attempt, this.options.random));
  }

  /** Back online or shown again: try at once rather than wait for the backoff. */
  private reconnectNow(): void {
    if (this.stopped || this.socket) return;
    this.attempt = 0;
    clearTimeout(this.reconnectTimer);
    this.connect();
  }

  private startPinging(): void {
    this.stopPinging();
    this.pingTimer = setInterval(() => {
      this.send({ type: 'ping' });
      clearTimeout(this.pongTimer);
      this.pongTimer = setTimeout(() => this.drop(), CHAT_PONG_TIMEOUT_MS);
    }, CHAT_PING_INTERVAL_MS);
  }

  private stopPinging(): void {
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
  }
}
