import type { TAdminSubmissionSort } from '@platform/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { useKeysetPages } from '../../../components/KeysetPager';
import type { TListSort } from '../../../components/list/ListPage';
import { reviewFiltersOf, reviewSearchOf, type TReviewFilters } from './review/useReviewQueue';

/** The list of submissions awaiting review. */
export const SUBMISSIONS_LIST_PATH = '/admin/submissions';

/** The list's filters (the cockpit's, without the sort). */
export type TListFilters = Omit<TReviewFilters, 'sort'>;

/**
 * Where the admin is in the list (issue 30): its filters, its sort and the cursors of the pages opened (the first page
 * has none; page n was reached through n - 1 of them).
 */
export interface TListAddress {
  filters: TListFilters;
  sort: TAdminSubmissionSort | undefined;
  cursors: string[];
}

/** A cursor as the server makes them (packages/contracts paging.ts); anything else in the address is dropped. */
const CURSOR = /^[A-Za-z0-9_-]{1,512}$/;
/** Pages kept in the address, at most (past it the list starts again from its first page). */
const MAX_PAGES_KEPT = 50;
const DEFAULT_SORT: TAdminSubmissionSort = 'submittedAt.asc';
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The list's state from its address: ?user&taskId&from&to&sort (as the cockpit's) and &cursor=... per page opened. */
export function listAddressOf(search: URLSearchParams): TListAddress {
  const { sort, ...filters } = reviewFiltersOf(search);
  // A day the date picker could not have written is dropped, not sent to be refused.
  if (filters.from && !ISO_DAY.test(filters.from)) delete filters.from;
  if (filters.to && !ISO_DAY.test(filters.to)) delete filters.to;
  const cursors = search.getAll('cursor');
  const valid = cursors.length <= MAX_PAGES_KEPT && cursors.every((cursor) => CURSOR.test(cursor));
  return { filters, sort, cursors: valid ? cursors : [] };
}

/** The address's query text of a list state ('' when it is the list as it opens). */
export function listSearchOf(address: TListAddress): string {
  const search = new URLSearchParams(reviewSearchOf({ ...address.filters, sort: address.sort }));
  for (const cursor of address.cursors) search.append('cursor', cursor);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The submissions list's filters, sort and page kept in its address (issue 30), so leaving for the cockpit (which
 * carries the same address) and coming back, a reload, or the browser's Back find the list as it was. Each change
 * replaces the address (no history entry per keystroke). Gives the list what ListPage takes: the filters, a sort
 * (useListSort's shape) and pages (useKeysetPages' shape).
 */
export function useListAddress() {
  const location = useLocation();
  const navigate = useNavigate();
  // The address last written: two changes in one event (a new sort, then back to page 1) build on each other.
  const latest = useRef(location.search);
  // Counts the changes of the address made elsewhere (the menu, Back): the filter fields are drawn anew from it then.
  const [addressEpoch, setAddressEpoch] = useState(0);
  useEffect(() => {
    if (location.search === latest.current) return;
    latest.current = location.search;
    setAddressEpoch((epoch) => epoch + 1);
  }, [location.search]);
  const address = useMemo(() => listAddressOf(new URLSearchParams(location.search)), [location.search]);
  const filtersKey = reviewSearchOf(address.filters);
  // The same filters are the same object while their text is (the list's effects depend on them).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const filters = useMemo(() => address.filters, [filtersKey]);
  const { pathname } = location;

  const update = useCallback(
    (change: (current: TListAddress) => TListAddress) => {
      const next = listSearchOf(change(listAddressOf(new URLSearchParams(latest.current))));
      if (next === latest.current) return;
      latest.current = next;
      navigate({ pathname, search: next }, { replace: true });
    },
    [navigate, pathname],
  );

  /** New filter values: a filter that did not change keeps the page; one that did starts from the first page. */
  const changeFilters = useCallback(
    (next: TListFilters) =>
      update((current) => {
        const same = Object.entries(next).every(([key, value]) => current.filters[key as keyof TListFilters] === (value || undefined));
        if (same) return current;
        const filters = { ...current.filters, ...next };
        for (const key of Object.keys(filters) as (keyof TListFilters)[]) if (!filters[key]) delete filters[key];
        return { ...current, filters, cursors: [] };
      }),
    [update],
  );

  const sort: TListSort<TAdminSubmissionSort> = {
    value: address.sort,
    defaultValue: DEFAULT_SORT,
    set: (value) => update((current) => ({ ...current, sort: value === 'submittedAt.asc' || value === 'submittedAt.desc' ? value : undefined, cursors: [] })),
  };

  const next = useCallback((cursor: string) => update((current) => ({ ...current, cursors: [...current.cursors, cursor] })), [update]);
  const previous = useCallback(() => update((current) => ({ ...current, cursors: current.cursors.slice(0, -1) })), [update]);
  const reset = useCallback(() => update((current) => ({ ...current, cursors: [] })), [update]);
  const pages: ReturnType<typeof useKeysetPages> = { cursor: address.cursors[address.cursors.length - 1], page: address.cursors.length + 1, next, previous, reset };

  return { filters, changeFilters, sort, pages, search: location.search, addressEpoch };
}
