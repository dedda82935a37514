import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/test-utils';
import { useKeysetPages } from '../KeysetPager';
import { ListPage, useListSort } from './ListPage';

interface TRow {
  id: string;
  amount: string;
  createdAt: string;
}

const ROWS: TRow[] = [
  { id: 'a', amount: '5.00', createdAt: '2026-01-01T00:00:00Z' },
  { id: 'b', amount: '9.00', createdAt: '2026-01-02T00:00:00Z' },
];

/** A list as a section uses it: the sort and the cursor go into the query's arguments, shown here as text. */
function SortedList() {
  const pages = useKeysetPages();
  const sort = useListSort<'createdAt.asc' | 'createdAt.desc' | 'amount.asc' | 'amount.desc'>('createdAt.asc');
  return (
    <>
      <output data-testid="args">{`sort=${sort.value ?? ''} page=${pages.page}`}</output>
      <button type="button" onClick={() => pages.next('cursor-2')}>
        Turn page
      </button>
      <ListPage<TRow>
        query={{ data: { nextCursor: 'cursor-3', total: 2, totalExact: true }, isLoading: false, isFetching: false, isError: false, refetch: () => undefined }}
        pages={pages}
        sort={sort}
        table={{
          label: 'Rows',
          rowKey: 'id',
          dataSource: ROWS,
          emptyText: 'None',
          columns: [
            { key: 'amount', title: 'Amount', sorter: true, render: (_, row) => row.amount },
            { key: 'createdAt', title: 'Requested', sorter: true, render: (_, row) => row.createdAt },
            { key: 'currency', title: 'Currency', render: () => 'ETH' },
          ],
        }}
      />
    </>
  );
}

describe('ListPage: column sorting on the server', () => {
  it('when a sortable column is clicked, then its sort is asked from the first page, and the default order is shown until then', async () => {
    const { user } = renderWithProviders(<SortedList />);
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });
    // The default order is the list's own: shown on its column, not sent.
    expect(header('Requested')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Amount')).not.toHaveAttribute('aria-sort');
    expect(header('Currency')).not.toHaveAttribute('aria-sort');
    await user.click(screen.getByRole('button', { name: 'Turn page' }));
    expect(screen.getByTestId('args')).toHaveTextContent('sort= page=2');

    await user.click(header('Amount'));
    await waitFor(() => expect(screen.getByTestId('args')).toHaveTextContent('sort=amount.asc page=1'));
    expect(header('Amount')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Requested')).not.toHaveAttribute('aria-sort');

    // Ascending, descending, ascending: the list always has an order.
    await user.click(header('Amount'));
    await waitFor(() => expect(screen.getByTestId('args')).toHaveTextContent('sort=amount.desc page=1'));
    await user.click(header('Amount'));
    await waitFor(() => expect(screen.getByTestId('args')).toHaveTextContent('sort=amount.asc page=1'));

    await user.click(header('Requested'));
    await waitFor(() => expect(screen.getByTestId('args')).toHaveTextContent('sort=createdAt.asc page=1'));
  });
});
