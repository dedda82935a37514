import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatUnreadBadge, initialChatState } from '../features/chat/chat.slice';
import { makeUser, renderWithProviders } from '../test/test-utils';
import { BottomNav } from './BottomNav';

describe('chat unread badge (spec 01 s.9)', () => {
  it('when the count is zero, up to nine, or above nine, then the badge is empty, the count, or 9+', () => {
    expect(formatUnreadBadge(0)).toBeNull();
    expect(formatUnreadBadge(1)).toBe('1');
    expect(formatUnreadBadge(9)).toBe('9');
    expect(formatUnreadBadge(10)).toBe('9+');
    expect(formatUnreadBadge(250)).toBe('9+');
  });

  const render = (general: number, support: number) =>
    renderWithProviders(<BottomNav />, {
      route: '/chat',
      preloadedState: { session: { status: 'signedIn', token: 't', user: makeUser() }, chat: { ...initialChatState, unread: { general, support } } },
    });

  it('when ten messages are unread across both rooms, then the centre Chat button shows 9+', () => {
    render(6, 4);
    expect(screen.getByTestId('chat-unread-badge')).toHaveTextContent(/^9\+$/);
  });

  it('when seven messages are unread, then it shows 7', () => {
    render(7, 0);
    expect(screen.getByTestId('chat-unread-badge')).toHaveTextContent(/^7$/);
  });

  it('when nothing is unread, then there is no badge, and the five destinations are in order', () => {
    render(0, 0);
    expect(screen.queryByTestId('chat-unread-badge')).toBeNull();
    const links = within(screen.getByRole('navigation')).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/', '/tasks', '/chat', '/awards', '/profile']);
    expect(links[2]).toHaveClass('centre');
  });
});
