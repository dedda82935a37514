import type { TUserExportTicket } from '@platform/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../test/test-utils';
import { DownloadMyData } from './DownloadMyData';

const TICKET: TUserExportTicket = {
  id: '33333333-3333-4333-8333-333333333333',
  generatedAt: '2026-11-28T10:00:00.000Z',
  expiresAt: '2026-11-29T10:00:00.000Z',
  missing: [],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Profile > 'Download my data' (the export's tag, issue 32)", () => {
  it('when the worker asks for the file, then the offer is read again by the mutation\'s tag and the file downloads; when a later download finds it gone, the offer is read again', async () => {
    let offered: TUserExportTicket | null = null;
    let fileGone = false;
    const fetchMock = mockApi({
      'GET /api/user/export': () => jsonResponse({ export: offered }),
      'POST /api/user/export': () => {
        offered = TICKET;
        return jsonResponse(TICKET, 201);
      },
      [`GET /api/user/export/${TICKET.id}`]: () =>
        fileGone ? jsonResponse({ message: 'Export not found', code: 'EXPORT.NOT_FOUND' }, 404) : new Response('{"profile":{}}', { headers: { 'Content-Type': 'application/json' } }),
    });
    const createObjectURL = vi.fn(() => 'blob:export');
    // jsdom has no blob URLs.
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: createObjectURL });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    const { user } = renderWithProviders(<DownloadMyData />, { route: '/profile', preloadedState: signedInState(makeUser()) });
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/user/export')).toHaveLength(1));
    expect(screen.queryByTestId('export-ready')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('export-create'));
    expect(await screen.findByTestId('export-ready')).toHaveTextContent('Your file is ready.');
    expect(callsTo(fetchMock, 'POST /api/user/export')).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET /api/user/export')).toHaveLength(2);
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));

    // The server no longer holds it (it expired): the error is said and the offer read again, which is gone now.
    fileGone = true;
    offered = null;
    await user.click(screen.getByTestId('export-download'));
    expect(await screen.findByText('Could not prepare your data. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('export-ready')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'GET /api/user/export')).toHaveLength(3);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });
});
