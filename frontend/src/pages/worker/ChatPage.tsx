import { Spin } from 'antd';
import { lazy, Suspense } from 'react';

// The Chat screen is its own chunk (antd Tabs and the input stay out of the first download); the connection behind
// the badge is not: it lives in the worker layout.
const ChatScreen = lazy(() => import('../../features/chat/ChatScreen'));

export function ChatPage() {
  return (
    <Suspense
      fallback={
        <div className="center-block">
          <Spin />
        </div>
      }
    >
      <ChatScreen />
    </Suspense>
  );
}
