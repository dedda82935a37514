import { Outlet } from 'react-router-dom';
import { ChatProvider } from '../features/chat/ChatProvider';
import { SupportReplyNotifier } from '../features/support/SupportReplyNotifier';
import { BottomNav } from './BottomNav';
import { useAppName } from '../features/branding/useAppName';

/** Mobile-first frame of the worker app: a slim header, the page, the bottom navigation (and the live chat connection behind its badge). */
export function WorkerLayout() {
  const appName = useAppName();
  return (
    <ChatProvider>
      <SupportReplyNotifier />
      <div className="worker-shell">
        <header className="worker-header">
          <img src="/icons/icon-192.png" alt="" width={28} height={28} />
          <span>{appName}</span>
        </header>
        <main className="worker-main">
          <Outlet />
        </main>
        <BottomNav />
      </div>
    </ChatProvider>
  );
}
