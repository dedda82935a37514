import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { chatReducer } from '../features/chat/chat.slice';
import { restoreSessionState, sessionReducer, signedOut, type TSessionState } from '../features/session/session.slice';
import { api } from './api';

const rootReducer = combineReducers({
  session: sessionReducer,
  chat: chatReducer,
  [api.reducerPath]: api.reducer,
});

export type TRootState = ReturnType<typeof rootReducer>;

export interface TPreloadedState {
  session?: TSessionState;
  chat?: TRootState['chat'];
}

export function setupStore(preloaded?: TPreloadedState) {
  const listener = createListenerMiddleware();
  // Nothing read for one user survives their session.
  listener.startListening({
    actionCreator: signedOut,
    effect: (_action, listenerApi) => {
      listenerApi.dispatch(api.util.resetApiState());
    },
  });
  return configureStore({
    reducer: rootReducer,
    preloadedState: { session: preloaded?.session ?? restoreSessionState(), ...(preloaded?.chat ? { chat: preloaded.chat } : {}) },
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(api.middleware),
  });
}

export type TAppStore = ReturnType<typeof setupStore>;
export type TAppDispatch = TAppStore['dispatch'];
