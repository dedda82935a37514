import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Typography, type TableProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../app/format';
import { DataTable, type TDataTableProps } from '../DataTable';
import { KeysetPager, type useKeysetPages } from '../KeysetPager';

/** What a server-paged list answered (packages/contracts paging.ts), as far as the page needs it. */
interface TPageLike {
  nextCursor: string | null;
  total: number;
  totalExact: boolean;
}

/** The parts of an RTK Query list query the page reads. */
export interface TListQuery<D extends TPageLike = TPageLike> {
  data?: D;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface TListPageProps<T extends object> {
  /** The list's heading inside the section ("Pending requests"); the section's own title is in the console header. */
  title?: string;
  /** The filter bar: search box, selects, date range (left), above the table. */
  filters?: ReactNode;
  /** Figures above the table (stat cards). */
  summary?: ReactNode;
  /** Toolbar buttons beside Refresh (right), e.g. an export. */
  extra?: ReactNode;
  /** The primary Create button of the toolbar. */
  create?: { label: string; onClick: () => void; testId?: string };
  /** The query of the list: its data gives the total and the next cursor; refetch backs the Refresh button. */
  query: TListQuery;
  pages: ReturnType<typeof useKeysetPages>;
  /** Shown when the list could not be loaded (default: the common "Could not load the list"). */
  loadFailed?: string;
  /** The table (DataTable: label, columns, rows...). Loading, pagination and the empty text come from here. */
  table: TDataTableProps<T> & { emptyText: ReactNode; 'data-testid'?: string };
  testId?: string;
  /** Dialogs of the list, and anything else under it. */
  children?: ReactNode;
  /**
   * Column sorting on the server (useListSort): a column with `sorter: true` whose key (or dataIndex) is one of the
   * list's sort fields gets the sort arrows; a click asks the server for `<key>.asc|desc` from the first page.
   */
  sort?: TListSort;
}

/** The sort of a server-paged list: the `sort` query parameter sent (undefined: the list's default order). */
export interface TListSort<S extends string = string> {
  /** The sort asked for, as the server names it ("amount.desc"); undefined is the list's default. */
  value: S | undefined;
  /** The list's default order, shown on its column while no other is asked. */
  defaultValue: S;
  /** A sort of a column given `sorter: true`: its key and a direction, one of the list's sorts. */
  set: (value: string | undefined) => void;
}

/** The state of a list's column sorting, for ListPage's `sort` and the list's query (`sort: sort.value`). */
export function useListSort<S extends string>(defaultValue: S): TListSort<S> {
  const [value, setValue] = useState<S | undefined>(undefined);
  return { value, defaultValue, set: (next) => setValue(next as S | undefined) };
}

/** Ant's ascend/descend of a sort text's column, or null when the sort is another column's. */
function orderOf(sort: string, key: unknown): 'ascend' | 'descend' | null {
  const [field, direction] = sort.split('.');
  return field === key ? (direction === 'asc' ? 'ascend' : 'descend') : null;
}

/** Ascend, descend, ascend...: a third click does not drop the order (the server always has one). */
const SORT_CYCLE: ('ascend' | 'descend')[] = ['ascend', 'descend', 'ascend'];

/** The columns with the sort's arrows: each sortable one shows the current order, and never goes unsorted. */
function withSortOrder<T>(columns: TableProps<T>['columns'], sort: TListSort | undefined): TableProps<T>['columns'] {
  if (!sort || !columns) return columns;
  const current = sort.value ?? sort.defaultValue;
  return columns.map((column) =>
    column.sorter ? { ...column, sorter: true, sortOrder: orderOf(current, column.key ?? ('dataIndex' in column ? column.dataIndex : undefined)), sortDirections: SORT_CYCLE } : column,
  );
}

/**
 * The one list page of the admin console (issue 25, Ant Design Pro's list convention): heading with the total,
 * toolbar with Refresh and Create, the filter bar, the server-paged table with its empty state and column sorting
 * (`sort`), and Previous/Next by cursor under it. Every paged admin list is one of these, so they look and behave alike.
 */
export function ListPage<T extends object>({ title, filters, summary, extra, create, query, pages, loadFailed, table, testId, children, sort }: TListPageProps<T>) {
  const { t } = useTranslation();
  const format = useFormat();
  const { emptyText, columns, onChange, ...tableProps } = table;
  const change: TableProps<T>['onChange'] = (pagination, tableFilters, sorter, extra) => {
    onChange?.(pagination, tableFilters, sorter, extra);
    if (!sort || extra.action !== 'sort' || Array.isArray(sorter)) return;
    const field = typeof sorter.columnKey === 'string' ? sorter.columnKey : typeof sorter.field === 'string' ? sorter.field : undefined;
    const next = sorter.order && field ? `${field}.${sorter.order === 'ascend' ? 'asc' : 'desc'}` : undefined;
    // Another order is another list: from its first page.
    sort.set(next);
    pages.reset();
  };
  const total = query.data ? format.total(query.data.total, query.data.totalExact) : null;
  return (
    <section className="list-page" data-testid={testId}>
      <div className="list-page-head">
        <div className="list-page-title">
          {title && (
            <Typography.Title level={2} className="list-page-heading">
              {title}
            </Typography.Title>
          )}
          {total !== null && (
            <span className="muted list-page-total" data-testid={testId ? `${testId}-total` : undefined}>
              {t('common.totalRows', { total })}
            </span>
          )}
        </div>
        <div className="list-page-toolbar">
          {extra}
          <Button icon={<ReloadOutlined />} loading={query.isFetching && !query.isLoading} onClick={() => void query.refetch()}>
            {t('common.refresh')}
          </Button>
          {create && (
            <Button type="primary" icon={<PlusOutlined />} onClick={create.onClick} data-testid={create.testId}>
              {create.label}
            </Button>
          )}
        </div>
      </div>
      {filters && <div className="list-page-filters">{filters}</div>}
      {summary}
      {query.isError && <Alert type="error" showIcon title={loadFailed ?? t('common.loadFailed')} />}
      <DataTable<T>
        size="middle"
        pagination={false}
        loading={query.isLoading || (query.isFetching && !query.data)}
        locale={{ emptyText }}
        columns={withSortOrder(columns, sort)}
        onChange={change}
        {...tableProps}
      />
      <KeysetPager pages={pages} nextCursor={query.data?.nextCursor} testId={testId ? `${testId}-pager` : undefined} />
      {children}
    </section>
  );
}
