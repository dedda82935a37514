import type { TNewsArticle } from '@platform/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockApi, renderWithProviders, signedInState } from '../../test/test-utils';
import { NewsList } from './NewsList';

const article = (i: number): TNewsArticle => ({
  id: `n${i}`,
  title: `News item ${i}`,
  content: `Text of item ${i}`,
  isPublished: true,
  authorId: null,
  createdAt: `2026-0${1 + (i % 9)}-10T10:00:00.000Z`,
  updatedAt: '2026-01-10T10:00:00.000Z',
});

describe('Home > Company News', () => {
  it('when there are more items than a page, then the latest 20 show with the count, and Load more appends the next page from the server', async () => {
    const fetchMock = mockApi({
      'GET /api/news': () => jsonResponse({ items: Array.from({ length: 20 }, (_, i) => article(i)), nextCursor: 'c2', total: 23, totalExact: true }),
      'GET /api/news?cursor=c2': () => jsonResponse({ items: [20, 21, 22].map(article), nextCursor: null, total: 23, totalExact: true }),
    });
    const { user } = renderWithProviders(<NewsList />, { preloadedState: signedInState() });
    const panel = await screen.findByTestId('company-news');
    await within(panel).findByText('News item 0');
    expect(within(panel).getByTestId('news-count')).toHaveTextContent('Updates: 23');
    expect(within(panel).getByTestId('news-more-count')).toHaveTextContent('Showing 20 of 23');
    await user.click(within(panel).getByRole('button', { name: 'Load more' }));
    await within(panel).findByText('News item 22');
    expect(within(panel).getAllByRole('listitem')).toHaveLength(23);
    expect(callsTo(fetchMock, 'GET /api/news?cursor=c2')).toHaveLength(1);
    // The last page: no more to load.
    expect(within(panel).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('when every item fits one page, then no Load more is offered', async () => {
    mockApi({ 'GET /api/news': () => jsonResponse({ items: [article(1)], nextCursor: null, total: 1, totalExact: true }) });
    renderWithProviders(<NewsList />, { preloadedState: signedInState() });
    const panel = await screen.findByTestId('company-news');
    await within(panel).findByText('News item 1');
    expect(within(panel).queryByTestId('news-more')).toBeNull();
  });
});
