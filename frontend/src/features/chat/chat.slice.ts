import type { TChatMessage, TChatType, TChatUnreadCounts, TSupportStatus } from '@platform/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type TConnectionStatus = 'connecting' | 'connected' | 'disconnected';

/** A message this device sent and the server has not answered yet (or refused). */
export interface TOutgoingMessage {
  clientId: string;
  chatType: TChatType;
  content: string;
  replyTo: { id: number; senderName: string; content: string } | null;
  createdAt: string;
  status: 'sending' | 'failed';
  /** The server's reason when it refused the message (shown under it). */
  error?: string;
  /** Sending it again may work (too fast, a server away); a blocked or invalid message would be refused again. */
  retryable?: boolean;
}

export interface TRoomState {
  /** Ascending ids, each once. */
  messages: TChatMessage[];
  /** The server has older messages than the first one held. */
  hasOlder: boolean;
  loaded: boolean;
}

/** Spec 01 s.4: the connection, the rooms as this device holds them, and the unread counts the server keeps. */
export interface TChatState {
  unread: TChatUnreadCounts;
  connection: TConnectionStatus;
  rooms: Record<TChatType, TRoomState>;
  outgoing: TOutgoingMessage[];
  /** The worker's support conversation status as the socket last said it (undefined: not heard yet; null: none). */
  supportStatus?: TSupportStatus | null;
}

/** Most messages kept per room in memory; older ones are read again on demand. */
export const MAX_MESSAGES_PER_ROOM = 500;

const emptyRoom = (): TRoomState => ({ messages: [], hasOlder: false, loaded: false });
export const initialChatState: TChatState = { unread: { general: 0, support: 0 }, connection: 'disconnected', rooms: { general: emptyRoom(), support: emptyRoom() }, outgoing: [] };

/** Merges messages into a room: ascending by id, each id once (a newer copy replaces the older). */
export function mergeMessages(held: TChatMessage[], incoming: TChatMessage[]): TChatMessage[] {
  if (incoming.length === 0) return held;
  const byId = new Map(held.map((m) => [m.id, m]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

const chatSlice = createSlice({
  name: 'chat',
  initialState: initialChatState,
  reducers: {
    unreadCountsReceived(state, action: PayloadAction<Partial<TChatUnreadCounts>>) {
      state.unread = { ...state.unread, ...action.payload };
    },
    unreadIncremented(state, action: PayloadAction<TChatType>) {
      state.unread[action.payload] += 1;
    },
    connectionChanged(state, action: PayloadAction<TConnectionStatus>) {
      state.connection = action.payload;
    },
    /** Newer messages (live, or read after the last id): merged; the room keeps its newest MAX_MESSAGES_PER_ROOM. */
    messagesReceived(state, action: PayloadAction<{ chatType: TChatType; messages: TChatMessage[]; hasOlder?: boolean }>) {
      const room = state.rooms[action.payload.chatType];
      let merged = mergeMessages(room.messages, action.payload.messages);
      if (merged.length > MAX_MESSAGES_PER_ROOM) {
        merged = merged.slice(-MAX_MESSAGES_PER_ROOM);
        room.hasOlder = true;
      }
      room.messages = merged;
      if (action.payload.hasOlder !== undefined && !room.loaded) room.hasOlder = action.payload.hasOlder;
      room.loaded = true;
      const ids = new Set(action.payload.messages.map((m) => m.clientId).filter(Boolean));
      state.outgoing = state.outgoing.filter((o) => !ids.has(o.clientId));
    },
    /** The newest page replaces what was held (too much was missed to page forwards). */
    roomReplaced(state, action: PayloadAction<{ chatType: TChatType; messages: TChatMessage[]; hasOlder: boolean }>) {
      state.rooms[action.payload.chatType] = { messages: mergeMessages([], action.payload.messages), hasOlder: action.payload.hasOlder, loaded: true };
    },
    olderReceived(state, action: PayloadAction<{ chatType: TChatType; messages: TChatMessage[]; hasMore: boolean }>) {
      const room = state.rooms[action.payload.chatType];
      room.messages = mergeMessages(room.messages, action.payload.messages);
      room.hasOlder = action.payload.hasMore;
    },
    outgoingAdded(state, action: PayloadAction<TOutgoingMessage>) {
      state.outgoing.push(action.payload);
    },
    outgoingFailed(state, action: PayloadAction<{ clientId: string; error: string; retryable: boolean }>) {
      const outgoing = state.outgoing.find((o) => o.clientId === action.payload.clientId);
      if (outgoing) {
        outgoing.status = 'failed';
        outgoing.error = action.payload.error;
        outgoing.retryable = action.payload.retryable;
      }
    },
    outgoingRetried(state, action: PayloadAction<string>) {
      const outgoing = state.outgoing.find((o) => o.clientId === action.payload);
      if (outgoing) {
        outgoing.status = 'sending';
        delete outgoing.error;
        delete outgoing.retryable;
      }
    },
    outgoingRemoved(state, action: PayloadAction<string>) {
      state.outgoing = state.outgoing.filter((o) => o.clientId !== action.payload);
    },
    supportStatusReceived(state, action: PayloadAction<TSupportStatus | null>) {
      state.supportStatus = action.payload;
    },
    chatReset() {
      return initialChatState;
    },
  },
});

export const {
  unreadCountsReceived,
  unreadIncremented,
  connectionChanged,
  messagesReceived,
  roomReplaced,
  olderReceived,
  outgoingAdded,
  outgoingFailed,
  outgoingRetried,
  outgoingRemoved,
  supportStatusReceived,
  chatReset,
} = chatSlice.actions;
export const chatReducer = chatSlice.reducer;

export const CHAT_BADGE_CAP = 9;

/** The badge text: nothing for zero, the count up to nine, "9+" above nine (spec 01 s.9). */
export function formatUnreadBadge(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > CHAT_BADGE_CAP ? `${CHAT_BADGE_CAP}+` : String(Math.floor(count));
}
