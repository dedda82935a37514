import type { TUser } from '@platform/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readStoredSession, removeStoredAuth } from './session.storage';

export type TSessionStatus = 'loading' | 'signedIn' | 'signedOut';

export interface TSessionState {
  status: TSessionStatus;
  token: string | null;
  user: TUser | null;
}

/**
 * The state on start (spec 01 s.4): a stored token and user are shown at once (the server confirms later);
 * a token without a user waits for the server; an unparsable user removes the stored authentication.
 */
export function restoreSessionState(): TSessionState {
  const stored = readStoredSession();
  switch (stored.kind) {
    case 'complete':
      return { status: 'signedIn', token: stored.token, user: stored.user };
    case 'token-only':
      return { status: 'loading', token: stored.token, user: null };
    case 'corrupt':
      removeStoredAuth();
      return { status: 'signedOut', token: null, user: null };
    case 'none':
      return { status: 'signedOut', token: null, user: null };
  }
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: (): TSessionState => ({ status: 'signedOut', token: null, user: null }),
  reducers: {
    signedIn(state, action: PayloadAction<{ token: string; user: TUser }>) {
      state.status = 'signedIn';
      state.token = action.payload.token;
      state.user = action.payload.user;
    },
    userUpdated(state, action: PayloadAction<TUser>) {
      state.user = action.payload;
      if (state.token) state.status = 'signedIn';
    },
    signedOut(state) {
      state.status = 'signedOut';
      state.token = null;
      state.user = null;
    },
  },
});

export const { signedIn, userUpdated, signedOut } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
