import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthLayout } from '../../layouts/AuthLayout';
import { jsonResponse, mockApi, renderWithProviders } from '../../test/test-utils';
import { DocumentTitle } from './useAppName';

/** The app's title and header brand follow System Settings' platform_name (issue 28), as the e-mails do. */
describe('the platform name (GET /api/public/branding)', () => {
  it('when the admin named the platform, then the header brand and the document title say that name', async () => {
    mockApi({ 'GET /api/public/branding': () => jsonResponse({ platformName: 'Acme Tasks' }) });
    document.title = 'Task Portal';
    renderWithProviders(
      <>
        <DocumentTitle />
        <AuthLayout title="Sign in">form</AuthLayout>
      </>,
      { route: '/login' },
    );
    expect(await screen.findByText('Acme Tasks')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Acme Tasks'));
    expect(screen.queryByText('Task Portal')).not.toBeInTheDocument();
  });

  it('in Russian, the same name (a name is not translated)', async () => {
    mockApi({ 'GET /api/public/branding': () => jsonResponse({ platformName: 'Акме Задачи' }) });
    renderWithProviders(<AuthLayout title="Вход">form</AuthLayout>, { route: '/login', language: 'ru' });
    expect(await screen.findByText('Акме Задачи')).toBeInTheDocument();
  });

  it('when the name cannot be read, then the catalogue\'s name is kept', async () => {
    const fetchMock = mockApi({ 'GET /api/public/branding': () => jsonResponse({ message: 'Service temporarily unavailable', code: 'SERVICE.UNAVAILABLE' }, 503) });
    renderWithProviders(
      <>
        <DocumentTitle />
        <AuthLayout title="Sign in">form</AuthLayout>
      </>,
      { route: '/login' },
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByText('Task Portal')).toBeInTheDocument();
    expect(document.title).toBe('Task Portal');
  });
});
