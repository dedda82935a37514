import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Unread chat messages, kept per chat type by the server; the badge shows the sum (spec 01 s.4). */
export interface TChatState {
  unread: { general: number; support: number };
}

const initialState: TChatState = { unread: { general: 0, support: 0 } };

const chatSlice = createSlice({
  name: 'chat',
  initialState,
  reducers: {
    unreadCountsReceived(state, action: PayloadAction<Partial<TChatState['unread']>>) {
      state.unread = { ...state.unread, ...action.payload };
    },
  },
});

export const { unreadCountsReceived } = chatSlice.actions;
export const chatReducer = chatSlice.reducer;

export const CHAT_BADGE_CAP = 9;

/** The badge text: nothing for zero, the count up to nine, "9+" above nine (spec 01 s.9). */
export function formatUnreadBadge(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > CHAT_BADGE_CAP ? `${CHAT_BADGE_CAP}+` : String(Math.floor(count));
}
