import type { TAdminSubmission, TAdminSubmissionSort } from '@platform/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../../../app/hooks';
import { tasksAdminApi, type TAdminSubmissionsArgs } from '../../../../features/tasks/tasks.admin.api';

/** The review cockpit's address (issue 30): /admin/submissions/review?<the list's filter>. */
export const REVIEW_COCKPIT_PATH = '/admin/submissions/review';

/** The list's filter, carried in the cockpit's address (/admin/submissions/review?user&taskId&from&to&sort). */
export type TReviewFilters = Omit<TAdminSubmissionsArgs, 'cursor'>;

const FILTER_KEYS = ['user', 'taskId', 'from', 'to', 'sort'] as const;

export function reviewSearchOf(filters: TReviewFilters): string {
  const search = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) search.set(key, value);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function reviewFiltersOf(search: URLSearchParams): TReviewFilters {
  const filters: TReviewFilters = {};
  for (const key of FILTER_KEYS) {
    const value = search.get(key);
    if (value) (filters as Record<string, string>)[key] = value;
  }
  if (filters.sort && filters.sort !== 'submittedAt.asc' && filters.sort !== 'submittedAt.desc') delete filters.sort;
  return filters as TReviewFilters & { sort?: TAdminSubmissionSort };
}

/** What happened to a submission in this session. */
export type TDecision = 'approved' | 'rejected' | 'gone';

/** Load the next page when the admin is this close to the end of what is loaded. */
const PREFETCH_AHEAD = 3;

export interface TReviewQueue {
  items: TAdminSubmission[];
  /** The current position; items.length means past the last one (the end). */
  index: number;
  current: TAdminSubmission | undefined;
  decisions: Record<string, TDecision>;
  /** The first page's total (counted up to 10,000 by the server) and whether it is exact. */
  total: number;
  totalExact: boolean;
  loading: boolean;
  failed: boolean;
  /** More pages wait on the server. */
  hasMore: boolean;
  next(): void;
  previous(): void;
  decide(id: string, decision: TDecision): void;
  retry(): void;
}

/**
 * The cockpit's queue: the server's paged list of submissions awaiting review (keyset cursor, 20 a page), read one
 * page at a time as the admin moves through it, so 5,000 pending are never loaded at once. A decided submission
 * stays where it was (K goes back to it) and leaves the server's list, which the cursor does not mind: the next page
 * starts after the last row read. Pages are read without a cache subscription, so a decision's refetch of the
 * list's queries does not reload them.
 */
export function useReviewQueue(filters: TReviewFilters): TReviewQueue {
  const dispatch = useAppDispatch();
  const [items, setItems] = useState<TAdminSubmission[]>([]);
  const [index, setIndex] = useState(0);
  const [decisions, setDecisions] = useState<Record<string, TDecision>>({});
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [total, setTotal] = useState({ total: 0, exact: true });
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const loadingRef = useRef(false);
  // Moving past the end while the next page loads: advance once it is in.
  const pendingAdvance = useRef(false);
  const filterKey = reviewSearchOf(filters);

  const load = useCallback(
    async (after: string | undefined) => {
      if (loadingRef.current) return;
      loadingRef.current = true;
      setLoading(true);
      setFailed(false);
      try {
        const page = await dispatch(tasksAdminApi.endpoints.submissions.initiate({ ...filters, ...(after ? { cursor: after } : {}) }, { subscribe: false, forceRefetch: true })).unwrap();
        setItems((current) => {
          const known = new Set(current.map((item) => item.id));
          return [...current, ...page.items.filter((item) => !known.has(item.id))];
        });
        setCursor(page.nextCursor);
        if (!after) setTotal({ total: page.total, exact: page.totalExact });
      } catch {
        setFailed(true);
      } finally {
        loadingRef.current = false;
        setLoading(false);
      }
    },
    // The filters are read through their key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [dispatch, filterKey],
  );

  useEffect(() => {
    setItems([]);
    setIndex(0);
    setDecisions({});
    setCursor(undefined);
    void load(undefined);
  }, [load]);

  const hasMore = typeof cursor === 'string';
  useEffect(() => {
    if (hasMore && !loading && !failed && index >= items.length - PREFETCH_AHEAD) void load(cursor as string);
  }, [hasMore, loading, failed, index, items.length, cursor, load]);
  useEffect(() => {
    if (pendingAdvance.current && index < items.length - 1) {
      pendingAdvance.current = false;
      setIndex((i) => i + 1);
    }
  }, [items.length, index]);

  const next = useCallback(() => {
    setIndex((i) => {
      if (i < items.length - 1) return i + 1;
      if (hasMore) {
        pendingAdvance.current = true;
        return i;
      }
      return items.length;
    });
  }, [items.length, hasMore]);
  const previous = useCallback(() => setIndex((i) => Math.max(0, Math.min(i, items.length) - 1)), [items.length]);
  const decide = useCallback((id: string, decision: TDecision) => setDecisions((current) => ({ ...current, [id]: decision })), []);
  const retry = useCallback(() => void load(typeof cursor === 'string' ? cursor : undefined), [load, cursor]);

  return {
    items,
    index,
    current: items[index],
    decisions,
    total: total.total,
    totalExact: total.exact,
    loading,
    failed,
    hasMore,
    next,
    previous,
    decide,
    retry,
  };
}
