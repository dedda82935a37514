import { DEFAULT_CHAT_SETTINGS, type TChatAssistant, type TChatSettingsView } from '@platform/contracts/assistants';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../test/test-utils';
import { ChatManagementSection } from './index';

const settings: TChatSettingsView = { ...DEFAULT_CHAT_SETTINGS, providerApiKeySet: true, updatedBy: null, updatedAt: null };
const assistant: TChatAssistant = {
  id: '3f1c8d0e-9a2b-4c5d-8e7f-0a1b2c3d4e5f',
  displayName: 'Guide',
  avatar: '🤖',
  isActive: true,
  preferredLanguage: 'english',
  isBot: true,
  messageCount: 2,
  createdBy: null,
  createdAt: '2026-11-24T00:00:00.000Z',
  updatedAt: '2026-11-24T00:00:00.000Z',
};

function renderSection(language: 'en' | 'ru' = 'en', put?: () => Response) {
  const fetchMock = mockApi({
    'GET /api/admin/chat-assistants': () => jsonResponse([assistant]),
    'GET /api/admin/chat-settings': () => jsonResponse(settings),
    'POST /api/admin/chat-assistants': (init) => jsonResponse({ ...assistant, id: '4f1c8d0e-9a2b-4c5d-8e7f-0a1b2c3d4e5f', ...(JSON.parse(String(init?.body)) as object) }, 201),
    'PUT /api/admin/chat-settings': (init) => put?.() ?? jsonResponse({ ...settings, ...(JSON.parse(String(init?.body)) as object) }),
  });
  const utils = renderWithProviders(<ChatManagementSection />, { route: '/admin/chat-management', preloadedState: signedInState(makeUser({ role: 'admin' })), language });
  return { ...utils, fetchMock };
}

describe('Chat Management (spec 03; issue 13)', () => {
  it('when the Assistants tab opens, then each assistant is listed with the badge Bot', async () => {
    renderSection();
    const name = await screen.findByText('Guide', { exact: false });
    expect(within(name.closest('[data-testid="assistant-row-name"]') as HTMLElement).getByText('Bot')).toBeInTheDocument();
  });

  it('when a new assistant is saved without a name, then the schema\'s message shows under the field and nothing is sent; with a name it is created', async () => {
    const { user, fetchMock } = renderSection();
    await user.click(await screen.findByTestId('assistant-create'));
    await user.click(screen.getByTestId('assistant-save'));
    expect(await screen.findByText('Display name is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/admin/chat-assistants')).toHaveLength(0);
    await user.type(screen.getByTestId('assistant-name'), 'Helper');
    await user.click(screen.getByTestId('assistant-save'));
    expect(await screen.findByText('Assistant created')).toBeInTheDocument();
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/admin/chat-assistants')[0]?.body))).toEqual({ displayName: 'Helper', avatar: '', preferredLanguage: 'english', isActive: true });
  });

  it('when settings break the rules, then the schema\'s messages show under the fields and nothing is sent', async () => {
    const { user, fetchMock } = renderSection();
    await user.click(await screen.findByRole('tab', { name: 'Assistant Settings' }));
    expect(await screen.findByText('A key is stored (hidden). Type a new one to replace it.')).toBeInTheDocument();
    const interval = screen.getByTestId('settings-intervalSeconds');
    await user.clear(interval);
    await user.type(interval, '301');
    const min = screen.getByTestId('settings-messagesPerIntervalMin');
    await user.clear(min);
    await user.type(min, '5');
    const max = screen.getByTestId('settings-messagesPerIntervalMax');
    await user.clear(max);
    await user.type(max, '2');
    await user.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('Interval cannot exceed 300 seconds')).toBeInTheDocument();
    expect(screen.getByText('Maximum messages must be greater than or equal to minimum messages')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/admin/chat-settings')).toHaveLength(0);
  });

  it('when the server refuses the save, then "Failed to save" with its message', async () => {
    const { user } = renderSection('en', () => jsonResponse({ message: 'Interval must be at least 15 seconds', code: 'REQUEST.VALIDATION', field: 'intervalSeconds' }, 400));
    await user.click(await screen.findByRole('tab', { name: 'Assistant Settings' }));
    await user.click(await screen.findByTestId('settings-save'));
    expect(await screen.findByText('Failed to save')).toBeInTheDocument();
    expect((await screen.findAllByText('Interval must be at least 15 seconds')).length).toBeGreaterThan(0);
  });

  it('when the screen is in Russian, then the validation message is in Russian', async () => {
    const { user } = renderSection('ru');
    await user.click(await screen.findByRole('tab', { name: 'Настройки ассистентов' }));
    const interval = await screen.findByTestId('settings-intervalSeconds');
    await user.clear(interval);
    await user.type(interval, '14');
    await user.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('Интервал должен быть не меньше 15 секунд')).toBeInTheDocument();
  });
});
