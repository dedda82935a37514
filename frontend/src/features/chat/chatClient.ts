import type { TChatMessage, TChatType } from '@platform/contracts';
import type { TAppDispatch, TRootState } from '../../app/store';
import { serverErrorText } from '../../app/serverErrorText';
import { chatApi } from './chat.api';
import {
  connectionChanged,
  messagesReceived,
  olderReceived,
  outgoingAdded,
  outgoingFailed,
  outgoingRemoved,
  outgoingRetried,
  roomReplaced,
  supportStatusReceived,
  unreadCountsReceived,
  unreadIncremented,
} from './chat.slice';
import { LiveSocket, type TAuthenticatedFrame, type TServerFrame } from './liveSocket';

/** Spec 01 s.9: the history is read every 10 s while disconnected. */
export const CHAT_POLL_INTERVAL_MS = 10_000;
const PAGE_SIZE = 50;
/** Refusals that may pass when sent again; a blocked or invalid message would be refused again. */
const RETRYABLE_CODES = new Set(['CHAT.RATE_LIMITED', 'CHAT.TOO_MANY_FRAMES', 'SERVICE.UNAVAILABLE', 'INTERNAL']);
/** Forward pages read after a reconnect before giving up and reading the newest page instead. */
const MAX_CATCH_UP_PAGES = 10;
/** How long the chat waits before marking shown messages read, so a burst is one mark. */
const MARK_SHOWN_DELAY_MS = 300;

/** Spec 01 s.6: messages from assistants or admins are never the user's own. */
export function isOwnMessage(message: Pick<TChatMessage, 'userId' | 'isBot' | 'isFromAdmin'>, userId: string | undefined): boolean {
  return Boolean(userId) && !message.isBot && !message.isFromAdmin && message.userId === userId;
}

export interface TChatClientDeps {
  dispatch: TAppDispatch;
  getState: () => TRootState;
  url: string;
  createSocket?: (url: string) => WebSocket;
  newId?: () => string;
  random?: () => number;
  /** Where online/offline and visibility are heard (window and document in the browser). */
  environment?: { window: Window; document: Document };
}

/**
 * The live connection of a signed-in worker (spec 01 s.4 "Chat connection", s.7): one per session, started by the
 * worker layout so the badge counts on every screen. Connected: messages arrive over /ws and are sent over it
 * (each with its own clientId, sent again after a reconnect until answered: the server stores it once). After a
 * close it reconnects (3 s, then backoff with jitter; at once when the browser comes back online or the page is
 * shown again) and reads everything after the last id it holds, so a phone that slept misses nothing. While not
 * connected the history is read every 10 s, and the input is disabled (the screen shows Connecting...).
 */
export class ChatClient {
  private readonly live: LiveSocket;
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private stopped = true;
  /** The tab the chat screen shows (null: the screen is not open). */
  private screenTab: TChatType | null = null;
  private syncing: Promise<void> | undefined;
  /** Messages shown on the open screen, waiting to be marked read (one mark per chat per beat). */
  private readonly shown = new Map<TChatType, { upToId: number; timer: ReturnType<typeof setTimeout> }>();
  private readonly supportReplyListeners = new Set<(message: TChatMessage) => void>();

  constructor(private readonly deps: TChatClientDeps) {
    this.live = new LiveSocket({
      name: 'chat',
      url: deps.url,
      token: () => deps.getState().session.token,
      createSocket: deps.createSocket,
      random: deps.random,
      environment: deps.environment,
      onState: (state) => {
        if (this.stopped) return;
        deps.dispatch(connectionChanged(state));
        if (state === 'disconnected') this.startPolling();
      },
      onAuthenticated: (frame) => this.onAuthenticated(frame),
      onFrame: (frame) => this.onFrame(frame),
      onVisibility: (visible) => (visible ? this.sendActiveTab() : this.sendFrame({ type: 'active_tab', chatType: null })),
    });
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.sync();
    void this.refreshUnread();
    this.live.start();
  }

  stop(): void {
    this.stopped = true;
    for (const pending of this.shown.values()) clearTimeout(pending.timer);
    this.shown.clear();
    this.stopPolling();
    this.live.stop('Signed out');
  }

  /**
   * Hears every support reply that arrives live while the worker is not looking at the Support tab (the
   * notification of spec 01 s.9). Answers the unsubscribe.
   */
  onSupportReply(listener: (message: TChatMessage) => void): () => void {
    this.supportReplyListeners.add(listener);
    return () => this.supportReplyListeners.delete(listener);
  }

  get connected(): boolean {
    return this.live.connected;
  }

  /** Sends a message; answers its clientId, or undefined when not connected (the input is disabled then). */
  send(content: string, replyTo: TChatMessage | null, chatType: TChatType = 'general'): string | undefined {
    const text = content.trim();
    if (!text || !this.connected) return undefined;
    const clientId = this.newId();
    this.deps.dispatch(
      outgoingAdded({
        clientId,
        chatType,
        content: text,
        replyTo: replyTo && { id: replyTo.id, senderName: senderNameOf(replyTo), content: replyTo.content },
        createdAt: new Date().toISOString(),
        status: 'sending',
      }),
    );
    this.sendFrame({ type: 'chat_message', content: text, replyToId: replyTo?.id ?? null, chatType, clientId });
    return clientId;
  }

  /** Sends a refused or unanswered message again, with the same clientId (stored once whatever happened before). */
  retry(clientId: string): void {
    const outgoing = this.deps.getState().chat.outgoing.find((o) => o.clientId === clientId);
    if (!outgoing || !this.connected) return;
    this.deps.dispatch(outgoingRetried(clientId));
    this.sendFrame({ type: 'chat_message', content: outgoing.content, replyToId: outgoing.replyTo?.id ?? null, chatType: outgoing.chatType, clientId });
  }

  discard(clientId: string): void {
    this.deps.dispatch(outgoingRemoved(clientId));
  }

  /** The chat screen shows this tab (null: it closed). Its messages are marked read, now and as they arrive. */
  setScreenTab(chatType: TChatType | null): void {
    this.screenTab = chatType;
    if (chatType) {
      void this.loadRoom(chatType);
      this.markRead(chatType);
    }
    this.sendActiveTab();
  }

  async loadOlder(chatType: TChatType): Promise<void> {
    const first = this.deps.getState().chat.rooms[chatType].messages[0];
    if (!first) return;
    const page = await this.fetchPage({ chatType, before: first.id, limit: PAGE_SIZE });
    if (page) this.deps.dispatch(olderReceived({ chatType, messages: page.messages, hasMore: page.hasMore }));
  }

  private newId(): string {
    return this.deps.newId ? this.deps.newId() : crypto.randomUUID();
  }

  private isLooking(chatType: TChatType): boolean {
    const visible = (this.deps.environment?.document ?? (typeof document === 'undefined' ? undefined : document))?.visibilityState !== 'hidden';
    return this.screenTab === chatType && visible;
  }

  private markRead(chatType: TChatType): void {
    this.deps.dispatch(unreadCountsReceived({ [chatType]: 0 }));
    // Connected: active_tab marks it read on the server. Otherwise over HTTP.
    if (this.connected) return;
    void this.deps
      .dispatch(chatApi.endpoints.markChatRead.initiate({ chatType }))
      .unwrap()
      .then((unread) => this.deps.dispatch(unreadCountsReceived(unread)))
      .catch((error: unknown) => console.warn('chat: marking read failed', error));
  }

  /**
   * A message from someone else was shown on the open screen: it is marked read up to its id, on the server too,
   * a beat later with whatever else arrived meanwhile. Only the device knows what it showed, so the server never
   * marks arriving messages read on its own.
   */
  private markShown(chatType: TChatType, id: number): void {
    const pending = this.shown.get(chatType);
    if (pending) {
      pending.upToId = Math.max(pending.upToId, id);
      return;
    }
    const entry = {
      upToId: id,
      timer: setTimeout(() => {
        this.shown.delete(chatType);
        if (this.connected) this.sendFrame({ type: 'mark_read', chatType, upToId: entry.upToId });
        else
          void this.deps
            .dispatch(chatApi.endpoints.markChatRead.initiate({ chatType, upToId: entry.upToId }))
            .unwrap()
            .then((unread) => this.deps.dispatch(unreadCountsReceived(unread)))
            .catch((error: unknown) => console.warn('chat: marking read failed', error));
      }, MARK_SHOWN_DELAY_MS),
    };
    this.shown.set(chatType, entry);
  }

  private sendActiveTab(): void {
    this.sendFrame({ type: 'active_tab', chatType: this.isLooking(this.screenTab ?? 'general') ? this.screenTab : null });
  }

  private sendFrame(frame: Record<string, unknown>): void {
    this.live.send(frame);
  }

  private onAuthenticated(frame: TAuthenticatedFrame): void {
    this.stopPolling();
    this.deps.dispatch(unreadCountsReceived(frame.unread));
    this.sendActiveTab();
    void this.sync().then(() => this.resendUnanswered());
  }

  private onFrame(frame: TServerFrame): void {
    const { dispatch } = this.deps;
    switch (frame.type) {
      case 'auth':
      case 'pong':
        // Answered by the socket itself (liveSocket.ts).
        return;
      case 'new_message':
        this.onMessage(frame.message);
        return;
      case 'message':
        this.onMessage(frame.data);
        return;
      case 'message_ack':
        dispatch(messagesReceived({ chatType: frame.message.chatType, messages: [frame.message] }));
        return;
      case 'unread':
        dispatch(unreadCountsReceived(frame.unread));
        return;
      case 'error':
        if (frame.clientId) dispatch(outgoingFailed({ clientId: frame.clientId, error: serverErrorText(frame) ?? frame.message, retryable: RETRYABLE_CODES.has(frame.code) }));
        else console.warn('chat:', frame.code, frame.message);
        return;
      case 'resync':
        void this.sync();
        return;
      case 'support_status':
        dispatch(supportStatusReceived(frame.status));
        return;
      case 'support_conversation':
        return;
    }
  }

  private onMessage(message: TChatMessage): void {
    const state = this.deps.getState();
    // An admin's socket hears every worker's support thread (for the desk); the worker app shows only one's own.
    if (message.chatType === 'support' && message.supportUserId !== state.session.user?.id) return;
    const room = state.chat.rooms[message.chatType];
    const isNew = !room.messages.some((m) => m.id === message.id);
    this.deps.dispatch(messagesReceived({ chatType: message.chatType, messages: [message] }));
    if (!isNew || isOwnMessage(message, state.session.user?.id)) return;
    if (this.isLooking(message.chatType)) this.markShown(message.chatType, message.id);
    else {
      this.deps.dispatch(unreadIncremented(message.chatType));
      if (message.chatType === 'support' && message.isFromAdmin) for (const listener of this.supportReplyListeners) listener(message);
    }
  }

  /** Messages sent but not answered when the connection dropped: sent again with their clientId. */
  private resendUnanswered(): void {
    for (const outgoing of this.deps.getState().chat.outgoing) {
      if (outgoing.status === 'sending') this.sendFrame({ type: 'chat_message', content: outgoing.content, replyToId: outgoing.replyTo?.id ?? null, chatType: outgoing.chatType, clientId: outgoing.clientId });
    }
  }

  private async fetchPage(args: { chatType: TChatType; before?: number; after?: number; limit?: number }) {
    try {
      return await this.deps.dispatch(chatApi.endpoints.chatMessages.initiate(args, { subscribe: false, forceRefetch: true })).unwrap();
    } catch (error) {
      // Spec 01 s.8: a failed history load is only logged.
      console.warn('chat: history not loaded', error);
      return undefined;
    }
  }

  private async loadRoom(chatType: TChatType): Promise<void> {
    if (this.deps.getState().chat.rooms[chatType].loaded) return;
    const page = await this.fetchPage({ chatType, limit: PAGE_SIZE });
    if (page) this.deps.dispatch(roomReplaced({ chatType, messages: page.messages, hasOlder: page.hasMore }));
  }

  /** Reads every room held after its last id (page by page), or its newest page when it holds none yet. */
  sync(): Promise<void> {
    this.syncing ??= (async () => {
      try {
        for (const chatType of ['general', 'support'] as const) {
          const room = this.deps.getState().chat.rooms[chatType];
          if (chatType === 'support' && !room.loaded) continue;
          const last = room.messages.at(-1)?.id;
          if (last === undefined) {
            await this.loadRoom(chatType);
            continue;
          }
          let after = last;
          let caughtUp = false;
          for (let i = 0; i < MAX_CATCH_UP_PAGES; i++) {
            const page = await this.fetchPage({ chatType, after, limit: 100 });
            if (!page) return;
            this.deps.dispatch(messagesReceived({ chatType, messages: page.messages }));
            const others = page.messages.filter((m) => !isOwnMessage(m, this.deps.getState().session.user?.id));
            if (others.length > 0 && this.isLooking(chatType)) this.markShown(chatType, others.at(-1)!.id);
            after = page.messages.at(-1)?.id ?? after;
            if (!page.hasMore) {
              caughtUp = true;
              break;
            }
          }
          if (!caughtUp) {
            const page = await this.fetchPage({ chatType, limit: PAGE_SIZE });
            if (page) this.deps.dispatch(roomReplaced({ chatType, messages: page.messages, hasOlder: page.hasMore }));
          }
        }
      } finally {
        this.syncing = undefined;
      }
    })();
    return this.syncing;
  }

  private async refreshUnread(): Promise<void> {
    try {
      const unread = await this.deps.dispatch(chatApi.endpoints.chatUnread.initiate(undefined, { subscribe: false, forceRefetch: true })).unwrap();
      if (!this.connected) this.deps.dispatch(unreadCountsReceived(unread));
    } catch (error) {
      console.warn('chat: unread counts not read', error);
    }
  }

  private startPolling(): void {
    if (this.pollTimer) return;
    this.pollTimer = setInterval(() => {
      if (this.connected) return;
      void this.sync();
      void this.refreshUnread();
    }, CHAT_POLL_INTERVAL_MS);
  }

  private stopPolling(): void {
    clearInterval(this.pollTimer);
    this.pollTimer = undefined;
  }
}

/** The name a reader sees (spec 01 s.6): the assistant's name, Support Team for admins, else first and last name. */
export function senderNameOf(message: Pick<TChatMessage, 'isBot' | 'isFromAdmin' | 'assistant' | 'user'>, supportTeam = 'Support Team', member = 'Member'): string {
  if (message.isBot) return message.assistant?.displayName || 'Assistant';
  if (message.isFromAdmin) return supportTeam;
  return [message.user?.firstName, message.user?.lastName].filter(Boolean).join(' ') || member;
}
