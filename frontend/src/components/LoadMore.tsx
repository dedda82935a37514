import type { TPage } from '@platform/contracts';
import { CloseCircleFilled } from '@ant-design/icons';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../app/format';
import { PlainButton } from './PlainButton';


/**
 * A cursor-paged list shown as one growing list ("Load more", the phone's way): the first page comes from a cached
 * query (refetched when a mutation invalidates it), the following ones are fetched on demand and appended. When the
 * first page changes (a new withdrawal, a new entry), what was appended is dropped: the list starts again from the
 * fresh first page, so no row is shown twice or missed.
 */
export interface TLoadMoreList<T> {
  items: T[];
  total: number;
  totalExact: boolean;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  loadMore(): Promise<void>;
}

export function useLoadMore<T>(firstPage: TPage<T> | undefined, fetchPage: (cursor: string) => Promise<TPage<T>>): TLoadMoreList<T> {
  const [appended, setAppended] = useState<{ after: TPage<T> | undefined; pages: TPage<T>[] }>({ after: undefined, pages: [] });
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  // Pages appended to another first page than the current one are stale.
  const pages = useMemo(() => (appended.after === firstPage ? appended.pages : []), [appended, firstPage]);
  const last = pages.at(-1) ?? firstPage;
  const nextCursor = last?.nextCursor ?? null;

  const loadMore = useCallback(async () => {
    if (!nextCursor || loading) return;
    setLoading(true);
    setFailed(false);
    try {
      const page = await fetchPage(nextCursor);
      setAppended({ after: firstPage, pages: [...pages, page] });
    } catch (error) {
      console.warn('Loading the next page failed', error);
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, [nextCursor, loading, fetchPage, firstPage, pages]);

  return {
    items: firstPage ? [...firstPage.items, ...pages.flatMap((p) => p.items)] : [],
    /** The newest count: the last page read. */
    total: last?.total ?? 0,
    totalExact: last?.totalExact ?? true,
    hasMore: nextCursor !== null,
    loading,
    failed,
    loadMore,
  };
}

/**
 * Under a "Load more" list: how many of how many are shown, the button while more exist, and a failure to retry.
 * Plain elements, no antd (issue 27: Home's news list uses it before antd's layer is loaded).
 */
export function LoadMoreFooter({ list, testId }: { list: TLoadMoreList<unknown>; testId?: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="load-more" data-testid={testId}>
      <div className="muted small" data-testid={testId ? `${testId}-count` : undefined}>
        {t('common.shownOfTotal', { shown: format.count(list.items.length), total: format.total(list.total, list.totalExact) })}
      </div>
      {list.failed && (
        <div className="plain-alert plain-alert-error" role="alert">
          <CloseCircleFilled aria-hidden="true" />
          <span>{t('common.loadMoreFailed')}</span>
        </div>
      )}
      {list.hasMore && (
        <PlainButton block loading={list.loading} onClick={() => void list.loadMore()}>
          {t('common.loadMore')}
        </PlainButton>
      )}
    </div>
  );
}
