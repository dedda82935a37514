import type { TNewsArticle } from '@platform/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../test/test-utils';
import { CompanyNewsSection } from './index';

const article = (id: string, title: string, isPublished = true): TNewsArticle => ({
  id,
  title,
  content: `${title} text`,
  isPublished,
  authorId: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});
const page = (items: TNewsArticle[], nextCursor: string | null, total = 21, totalExact = true) => jsonResponse({ items, nextCursor, total, totalExact });

describe('admin Company News', () => {
  it('when the list is paged, then Next asks the server by cursor, the total is shown, and the search and status filter go to the server', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/news': () => page([article('a1', 'Payday moved'), article('a2', 'Draft plans', false)], 'c2'),
      'GET /api/admin/news?cursor=c2': () => page([article('a3', 'Older news')], null),
      'GET /api/admin/news?search=payday': () => page([article('a1', 'Payday moved')], null, 10_000, false),
      'GET /api/admin/news?search=payday&published=false': () => page([], null, 0),
    });
    const { user } = renderWithProviders(<CompanyNewsSection />, { route: '/admin/company-news', preloadedState: signedInState(makeUser({ role: 'admin' })) });
    await screen.findByText('Payday moved');
    expect(screen.getByText('Draft plans')).toBeInTheDocument();
    expect(screen.getByTestId('news-total')).toHaveTextContent('21 in all');

    await user.click(within(screen.getByTestId('news-pager')).getByRole('button', { name: /Next/ }));
    await screen.findByText('Older news');
    expect(screen.queryByText('Payday moved')).toBeNull();
    expect(callsTo(fetchMock, 'GET /api/admin/news?cursor=c2')).toHaveLength(1);

    // A search starts again from its first page; beyond the count cap the total reads "10,000+".
    await user.type(screen.getByLabelText('Search by title (3+ letters)'), 'payday');
    await screen.findByText('Payday moved');
    expect(screen.queryByText('Older news')).toBeNull();
    expect(screen.getByTestId('news-total')).toHaveTextContent('10,000+ in all');

    await user.click(screen.getByLabelText('Status'));
    await user.click(await screen.findByTitle('Draft'));
    await screen.findByText('No news match the filters');
    expect(callsTo(fetchMock, 'GET /api/admin/news?search=payday&published=false')).toHaveLength(1);
  });
});
