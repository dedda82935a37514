import { HomeFilled, MessageFilled, ProfileFilled, TrophyFilled, UserOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useAppSelector } from '../app/hooks';
import { formatUnreadBadge } from '../features/chat/chat.slice';

interface TNavItem {
  to: string;
  label: 'nav.home' | 'nav.tasks' | 'nav.chat' | 'nav.awards' | 'nav.profile';
  icon: ReactNode;
  centre?: boolean;
}

const ITEMS: TNavItem[] = [
  { to: '/', label: 'nav.home', icon: <HomeFilled /> },
  { to: '/tasks', label: 'nav.tasks', icon: <ProfileFilled /> },
  { to: '/chat', label: 'nav.chat', icon: <MessageFilled />, centre: true },
  { to: '/awards', label: 'nav.awards', icon: <TrophyFilled /> },
  { to: '/profile', label: 'nav.profile', icon: <UserOutlined /> },
];

/** Spec 01 s.2 / spec 02 s.2: five destinations, Chat in the centre, highlighted, with the unread badge. */
export function BottomNav() {
  const { t } = useTranslation();
  const unread = useAppSelector((s) => s.chat.unread.general + s.chat.unread.support);
  const badge = formatUnreadBadge(unread);
  return (
    <nav className="bottom-nav" aria-label="Main">
      {ITEMS.map((item) => (
        <NavLink key={item.to} to={item.to} end={item.to === '/'} className={({ isActive }) => `bottom-nav-item${item.centre ? ' centre' : ''}${isActive ? ' active' : ''}`}>
          <span className="bottom-nav-icon">
            <span aria-hidden="true" className="bottom-nav-glyph">
              {item.icon}
            </span>
            {item.centre && badge && (
              <span className="unread-badge" data-testid="chat-unread-badge" aria-label={t('nav.unread', { count: unread })}>
                {badge}
              </span>
            )}
          </span>
          <span className="bottom-nav-label">{t(item.label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
