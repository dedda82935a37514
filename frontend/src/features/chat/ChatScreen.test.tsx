import type { TChatMessage } from '@platform/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderWithProviders } from '../../test/test-utils';
import { initialChatState, type TChatState } from './chat.slice';
import ChatScreen from './ChatScreen';

const ME = makeUser();

function message(id: number, overrides: Partial<TChatMessage> = {}): TChatMessage {
  return {
    id,
    userId: '5f0c7e8a-2222-4c2a-9d1e-000000000002',
    assistantId: null,
    isBot: false,
    content: `message ${id}`,
    createdAt: new Date(2025, 0, 1, 9, 5 + id).toISOString(),
    isFromAdmin: false,
    chatType: 'general',
    supportUserId: null,
    replyToId: null,
    clientId: null,
    user: { firstName: 'Bob', lastName: 'Builder' },
    assistant: null,
    replyTo: null,
    ...overrides,
  };
}

function render(chat: Partial<TChatState>) {
  return renderWithProviders(<ChatScreen />, {
    route: '/chat',
    preloadedState: { session: { status: 'signedIn', token: 't', user: ME }, chat: { ...initialChatState, ...chat } },
  });
}

const messages = [
  message(1, { content: 'Hello from Bob' }),
  message(2, { userId: ME.id, user: { firstName: ME.firstName, lastName: ME.lastName }, content: 'My own words', replyToId: 1, replyTo: { id: 1, senderName: 'Bob Builder', content: 'Hello from Bob', isBot: false, isFromAdmin: false } }),
  message(3, { userId: 'a1', isFromAdmin: true, user: null, content: 'Team here' }),
  message(4, { userId: null, assistantId: 'b1', isBot: true, user: null, assistant: { displayName: 'Helper', avatar: '🤖', preferredLanguage: 'english' }, content: 'I am a bot' }),
];

describe('ChatScreen (spec 01 "Chat screen")', () => {
  it('when messages are shown, then own ones are on the right, admins are Support Team with Admin, assistants carry Bot, each with HH:mm, and a reply quotes its sender', () => {
    render({ connection: 'connected', rooms: { general: { messages, hasOlder: false, loaded: true }, support: initialChatState.rooms.support } });
    const items = screen.getAllByTestId('chat-message');
    expect(items).toHaveLength(4);
    expect(items[1]).toHaveClass('own');
    expect(items[0]).not.toHaveClass('own');
    expect(within(items[1]!).getByText('Bob Builder')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Support Team')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Admin')).toBeInTheDocument();
    expect(within(items[3]!).getByText('Helper')).toBeInTheDocument();
    expect(within(items[3]!).getByText('Bot')).toBeInTheDocument();
    // The assistant's avatar is an icon (an SVG), not its emoji, which is an empty box without an emoji font.
    expect(within(items[3]!).getByTestId('bot-avatar').querySelector('svg')).not.toBeNull();
    expect(items[3]).not.toHaveTextContent('🤖');
    expect(within(items[0]!).queryByTestId('bot-avatar')).toBeNull();
    expect(within(items[0]!).getByText('09:06')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'General Chat' })).toHaveAttribute('aria-selected', 'true');
  });

  it('when an admin writes with the same user id as the reader, then it is still not shown as the reader\'s own', () => {
    const admin = makeUser({ role: 'admin' });
    renderWithProviders(<ChatScreen />, {
      route: '/chat',
      preloadedState: {
        session: { status: 'signedIn', token: 't', user: admin },
        chat: { ...initialChatState, connection: 'connected', rooms: { general: { messages: [message(7, { userId: admin.id, isFromAdmin: true, user: null })], hasOlder: false, loaded: true }, support: initialChatState.rooms.support } },
      },
    });
    expect(screen.getByTestId('chat-message')).not.toHaveClass('own');
  });

  it('when not connected, then the input is disabled with the placeholder Connecting... and the banner says so', () => {
    render({ connection: 'disconnected' });
    const input = screen.getByTestId('chat-input');
    expect(input).toBeDisabled();
    expect(input).toHaveAttribute('placeholder', 'Connecting...');
    expect(screen.getByTestId('chat-connection')).toHaveTextContent('Connection lost');
    expect(screen.getByTestId('chat-send')).toBeDisabled();
  });

  it('when connected with nothing typed or only spaces, then Send stays disabled; typed text enables it', async () => {
    const { user } = render({ connection: 'connected', rooms: { general: { messages: [], hasOlder: false, loaded: true }, support: initialChatState.rooms.support } });
    expect(screen.getByText('No messages yet. Say hello!')).toBeInTheDocument();
    await user.type(screen.getByTestId('chat-input'), '   ');
    expect(screen.getByTestId('chat-send')).toBeDisabled();
    await user.type(screen.getByTestId('chat-input'), 'hi');
    expect(screen.getByTestId('chat-send')).toBeEnabled();
  });

  it('when a message was refused, then it stays with the server\'s reason; Retry only where sending again may pass', () => {
    render({
      connection: 'connected',
      rooms: { general: { messages: [], hasOlder: false, loaded: true }, support: initialChatState.rooms.support },
      outgoing: [
        { clientId: 'c1', chatType: 'general', content: 'a scam', replyTo: null, createdAt: new Date().toISOString(), status: 'failed', error: 'Message blocked: it contains the banned word "scam"', retryable: false },
        { clientId: 'c2', chatType: 'general', content: 'quick', replyTo: null, createdAt: new Date().toISOString(), status: 'failed', error: 'You are sending messages too fast. Please wait 3 seconds.', retryable: true },
      ],
    });
    const [blocked, tooFast] = screen.getAllByRole('alert');
    expect(blocked).toHaveTextContent('Not sent: Message blocked: it contains the banned word "scam"');
    expect(within(blocked!).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(within(tooFast!).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('when the unread count is above nine, then the tab shows 9+', () => {
    render({ unread: { general: 12, support: 0 } });
    expect(screen.getByRole('tab', { name: /General Chat/ })).toHaveTextContent('9+');
  });
});
