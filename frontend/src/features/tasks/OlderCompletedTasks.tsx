import type { TCompletedTask } from '@platform/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../app/format';
import { errorMessageOf } from '../../app/errorMessage';
import { useToast } from '../../components/toast';
import { useLazyCompletedTasksQuery } from './tasks.api';

/** Rows a "Load more" adds (contracts PAGE_SIZE_DEFAULT); the first request also spans the cards already shown. */
const MORE_PAGE_SIZE = 20;
const PAGE_SIZE_MAX = 100;

/**
 * The worker's completed tasks older than the latest ones shown as cards (GET /api/tasks holds the latest only):
 * "Load more" reads GET /api/tasks/completed page by page, newest first, and lists what the cards do not show.
 */
export function OlderCompletedTasks({ shownIds }: { shownIds: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const format = useFormat();
  const toast = useToast();
  const [load] = useLazyCompletedTasksQuery();
  const [loading, setLoading] = useState(false);
  const [items, setItems] = useState<TCompletedTask[]>([]);
  // undefined: nothing loaded yet; null: the last page was read.
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);

  const more = async () => {
    setLoading(true);
    try {
      // The newest page covers the cards already shown (same order), so the first request reaches past them.
      const page = await load(cursor ? { pageSize: MORE_PAGE_SIZE, cursor } : { pageSize: Math.min(PAGE_SIZE_MAX, shownIds.size + MORE_PAGE_SIZE) }).unwrap();
      setItems((before) => {
        const known = new Set(before.map((item) => item.id));
        return [...before, ...page.items.filter((item) => !shownIds.has(item.id) && !known.has(item.id))];
      });
      setCursor(page.nextCursor);
    } catch (error) {
      toast({ title: t('work.worker.olderLoadFailed'), description: errorMessageOf(error) ?? t('work.worker.toasts.tryAgain'), variant: 'destructive' });
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="task-list" data-testid="older-completed">
      {items.map((item) => (
        <article key={item.id} className="task-card" aria-label={item.title} data-testid={`completed-${item.id}`}>
          <header className="task-card-head">
            <h3 className="task-card-title">{item.title}</h3>
          </header>
          <div className="task-card-meta">
            <span className="task-reward">
              {format.money(item.reward)} <span className="currency-badge">USD</span>
            </span>
            <span className="muted small">{t('work.worker.completedOn', { date: format.dateTime(item.completedAt) })}</span>
          </div>
        </article>
      ))}
      {cursor !== null && (
        <Button block onClick={() => void more()} loading={loading} data-testid="load-more-completed">
          {t('work.worker.loadMore')}
        </Button>
      )}
    </div>
  );
}
