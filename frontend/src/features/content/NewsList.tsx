import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AntdScope } from '../../app/antdLayer';
import { useFormat } from '../../app/format';
import { LoadMoreFooter, useLoadMore } from '../../components/LoadMore';
import { Panel } from '../../components/Panel';
import { useLazyNewsQuery, useNewsQuery, type TNewsArticle } from './content.api';
import './content.css';

// The modal (antd) is loaded when an item is first opened, with antd's layer (AntdScope): the list itself is plain
// elements, part of Home's first paint (issue 27).
const NewsDialog = lazy(() => import('./NewsDialog'));

/**
 * Home > Company News (spec 02): published items, newest first, with the update count; an item opens a modal with
 * its title, full text and date ('MMM d, yyyy'). Empty: 'No news available' / 'Check back later for updates'. Paged on
 * the server: the latest 20, then "Load more" (components/LoadMore).
 */
export function NewsList() {
  const { t } = useTranslation();
  const format = useFormat();
  const { data, isLoading, isError } = useNewsQuery();
  const [fetchPage] = useLazyNewsQuery();
  const list = useLoadMore(data, useCallback((cursor: string) => fetchPage({ cursor }).unwrap(), [fetchPage]));
  const [opened, setOpened] = useState<TNewsArticle | null>(null);
  const [mounted, setMounted] = useState(false);
  const items = list.items;

  return (
    <Panel className="news-panel" testId="company-news">
      <div className="news-head">
        <h2 className="panel-title">{t('news.title')}</h2>
        {data && <span className="news-count" data-testid="news-count">{t('news.updates', { count: data.total })}</span>}
      </div>
      {isLoading && <p className="muted">{t('common.loading')}</p>}
      {isError && <p className="muted">{t('news.loadFailed')}</p>}
      {data && items.length === 0 && (
        <div className="news-empty">
          <p className="news-empty-title">{t('news.emptyTitle')}</p>
          <p className="news-empty-text">{t('news.emptyText')}</p>
        </div>
      )}
      {items.length > 0 && (
        <ul className="news-list">
          {items.map((item) => (
            <li key={item.id} className="news-item">
              <button
                type="button"
                className="news-item-button"
                onClick={() => {
                  setOpened(item);
                  setMounted(true);
                }}
              >
                <span className="news-item-title">{item.title}</span>
                <span className="news-item-text">{item.content}</span>
                <span className="news-item-date">{format.date(item.createdAt)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {(list.hasMore || list.failed) && <LoadMoreFooter list={list} testId="news-more" />}
      {mounted && (
        <AntdScope fallback={null}>
          <Suspense fallback={null}>
            <NewsDialog article={opened} onClose={() => setOpened(null)} />
          </Suspense>
        </AntdScope>
      )}
    </Panel>
  );
}
