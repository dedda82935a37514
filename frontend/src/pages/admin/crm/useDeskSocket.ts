import type { TChatServerFrame, TSupportServerFrame } from '@platform/contracts';
import { useEffect, useRef, useState } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { chatSocketUrl, LiveSocket } from '../../../features/chat/liveSocket';

export type TDeskFrame = TChatServerFrame | TSupportServerFrame | { type: 'connected' };

/**
 * The desk's live connection: the chat socket (/ws) with the admin's token, through the app's one WebSocket client
 * (features/chat/liveSocket.ts: auth first, ping, reconnect with backoff). The chat service sends admins every
 * support message (new_message, chatType support) and every conversation change (support_conversation). `onFrame`
 * hears them, and {type: 'connected'} after each (re)connection (read everything again: something may have been
 * missed). Answers whether the socket is up; while it is not, the desk polls (5 s list, 3 s thread).
 */
export function useDeskSocket(onFrame: (frame: TDeskFrame) => void): boolean {
  const token = useAppSelector((s) => s.session.token);
  const [connected, setConnected] = useState(false);
  const handler = useRef(onFrame);
  useEffect(() => {
    handler.current = onFrame;
  });

  useEffect(() => {
    if (!token || typeof WebSocket === 'undefined') return;
    const live = new LiveSocket({
      name: 'support desk',
      url: chatSocketUrl(window.location),
      token: () => token,
      onState: (state) => setConnected(state === 'connected'),
      onAuthenticated: () => handler.current({ type: 'connected' }),
      onFrame: (frame) => handler.current(frame),
    });
    live.start();
    return () => {
      live.stop('Left the desk');
      setConnected(false);
    };
  }, [token]);

  return connected;
}
