import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../test/test-utils';
import { LanguageSwitch } from './LanguageSwitch';

const PUT = 'PUT /api/user/language';

describe('LanguageSwitch (issue 28: the language of the e-mails)', () => {
  it('when a signed-in user switches to Russian, then the interface changes and the language of their e-mails is saved', async () => {
    const fetchMock = mockApi({ [PUT]: (init) => jsonResponse(JSON.parse(String(init?.body)) as unknown) });
    const { user, store } = renderWithProviders(<LanguageSwitch />, { preloadedState: signedInState(makeUser({ language: 'en' })) });
    await user.click(screen.getByRole('button', { name: 'Русский' }));
    expect(await screen.findByRole('group', { name: 'Язык' })).toBeInTheDocument();
    await waitFor(() => expect(store.getState().session.user?.language).toBe('ru'));
    expect(callsTo(fetchMock, PUT).map((init) => JSON.parse(String(init?.body)) as unknown)).toEqual([{ language: 'ru' }]);
  });

  it('when the user already has that language, or nobody is signed in, then nothing is sent', async () => {
    const fetchMock = mockApi({});
    const signedIn = renderWithProviders(<LanguageSwitch />, { preloadedState: signedInState(makeUser({ language: 'ru' })), language: 'en' });
    await signedIn.user.click(screen.getByRole('button', { name: 'Русский' }));
    signedIn.unmount();
    const signedOut = renderWithProviders(<LanguageSwitch />);
    await signedOut.user.click(screen.getByRole('button', { name: 'Русский' }));
    expect(callsTo(fetchMock, PUT)).toHaveLength(0);
  });

  it('when saving fails, then a toast says the language of the e-mails was not saved (in the new language)', async () => {
    mockApi({ [PUT]: () => jsonResponse({ message: 'Service unavailable', code: 'COMMON.UNAVAILABLE' }, 503) });
    const { user, store } = renderWithProviders(<LanguageSwitch />, { preloadedState: signedInState(makeUser({ language: 'en' })) });
    await user.click(screen.getByRole('button', { name: 'Русский' }));
    expect(await screen.findByText('Не удалось сохранить язык писем')).toBeInTheDocument();
    expect(store.getState().session.user?.language).toBe('en');
  });
});
