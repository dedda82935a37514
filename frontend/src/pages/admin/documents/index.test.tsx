import type { TAdminDocument } from '@platform/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../test/test-utils';
import { DocumentsSection } from './index';

function doc(id: string, title: string, isActive = true): TAdminDocument {
  return {
    id,
    title,
    content: '<p>x</p>',
    type: 'terms',
    version: '1.0',
    isActive,
    requiresAcceptance: true,
    sortOrder: 0,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    acceptedCount: 3,
    acceptances: [{ version: '1.0', count: 3 }],
  };
}

const page = (items: TAdminDocument[], nextCursor: string | null = null, total = items.length, totalExact = true) => jsonResponse({ items, nextCursor, total, totalExact });

describe('Admin > Documents (paged on the server)', () => {
  it('when there are more documents than a page, then the total shows, Next follows the cursor, and the search and active filter ask the server', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/documents': () => page([doc('11111111-1111-4111-8111-111111111111', 'Terms of Work')], 'c1', 21),
      'GET /api/admin/documents?cursor=c1': () => page([doc('22222222-2222-4222-8222-222222222222', 'Privacy Notice')], null, 21),
      'GET /api/admin/documents?search=privacy': () => page([doc('22222222-2222-4222-8222-222222222222', 'Privacy Notice')]),
      'GET /api/admin/documents?search=privacy&active=false': () => page([]),
    });
    const { user } = renderWithProviders(<DocumentsSection />, { route: '/admin/documents', preloadedState: signedInState(makeUser({ role: 'admin' })) });
    expect(await screen.findByText('Terms of Work')).toBeInTheDocument();
    expect(screen.getByTestId('documents-total')).toHaveTextContent('21 in all');
    await user.click(within(screen.getByTestId('documents-pager')).getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Privacy Notice')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search by title' }), 'privacy{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/admin/documents?search=privacy')).toHaveLength(1));
    await user.click(screen.getByRole('combobox', { name: 'Active' }));
    await user.click(await screen.findByTitle('Inactive'));
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/admin/documents?search=privacy&active=false')).toHaveLength(1));
    expect(await screen.findByText('No documents yet.')).toBeInTheDocument();
  });
});
