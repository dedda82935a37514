import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { TRootState } from '../../app/store';
import { chatReset } from './chat.slice';
import { ChatClient } from './chatClient';
import { chatSocketUrl } from './liveSocket';

const ChatClientContext = createContext<ChatClient | null>(null);

/**
 * Keeps the live chat connection of the signed-in user open while the worker app is shown (the badge counts on every
 * screen); a new session (another token) gets a new connection, and nothing of the previous one is kept.
 */
export function ChatProvider({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const store = useStore<TRootState>();
  const token = useAppSelector((s) => s.session.token);
  const [client, setClient] = useState<ChatClient | null>(null);

  useEffect(() => {
    if (!token) return;
    const created = new ChatClient({ dispatch, getState: store.getState, url: chatSocketUrl(window.location) });
    created.start();
    setClient(created);
    return () => {
      created.stop();
      dispatch(chatReset());
      setClient(null);
    };
  }, [token, dispatch, store]);

  return <ChatClientContext.Provider value={client}>{children}</ChatClientContext.Provider>;
}

/** The chat connection of the worker app (null before it starts, or outside the worker layout). */
export function useChatClient(): ChatClient | null {
  return useContext(ChatClientContext);
}
