import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/FullPageSpinner';

// The Chat screen is its own chunk (antd Tabs and the input stay out of the first download); the connection behind
// the badge is not: it lives in the worker layout. This frame is plain (a CSS spinner): the router loads antd's layer
// around it, inside the worker frame (issue 27).
const ChatScreen = lazy(() => import('../../features/chat/ChatScreen'));

export function ChatPage() {
  return (
    <Suspense
      fallback={
        <div className="center-block">
          <Spinner />
        </div>
      }
    >
      <ChatScreen />
    </Suspense>
  );
}
