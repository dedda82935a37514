import type { TChatServerFrame, TSupportServerFrame } from '@platform/contracts';
import { useEffect, useRef, useState } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { chatSocketUrl } from '../../../features/chat/chatClient';

export type TDeskFrame = TChatServerFrame | TSupportServerFrame | { type: 'connected' };

const RECONNECT_MS = 3000;
const PING_MS = 25_000;

/**
 * The desk's live connection: the chat socket (/ws) with the admin's token. The chat service sends admins every
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
    let socket: WebSocket | undefined;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      const ws = new WebSocket(chatSocketUrl(window.location));
      socket = ws;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }));
      ws.onmessage = (event: MessageEvent) => {
        let frame: TChatServerFrame | TSupportServerFrame;
        try {
          frame = JSON.parse(String(event.data)) as TChatServerFrame | TSupportServerFrame;
        } catch {
          return;
        }
        if (frame.type === 'auth') {
          setConnected(frame.success);
          if (frame.success) handler.current({ type: 'connected' });
          return;
        }
        handler.current(frame);
      };
      ws.onerror = () => undefined;
      ws.onclose = () => {
        if (socket !== ws) return;
        setConnected(false);
        if (!stopped) retry = setTimeout(open, RECONNECT_MS);
      };
    };
    open();
    const ping = setInterval(() => {
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'ping' }));
    }, PING_MS);
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(ping);
      const ws = socket;
      socket = undefined;
      ws?.close(1000, 'Left the desk');
      setConnected(false);
    };
  }, [token]);

  return connected;
}
