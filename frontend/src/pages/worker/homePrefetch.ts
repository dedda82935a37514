import type { TAppDispatch } from '../../app/store';
import { contentApi } from '../../features/content/content.api';
import { PENDING_SUMMARY_PAGE_SIZE, payoutsApi } from '../../features/payouts/payouts.api';

/**
 * Home's reads, asked for as soon as the app starts with a kept worker session on / (main.tsx), in parallel with
 * the antd layer and the worker screens rather than after them (issue 27: the API answers were the last link of a
 * chain entry -> screens -> API). The arguments are exactly those Home's components ask with, so they find the
 * answers in the cache and send nothing more. Settles once every read has answered (or failed): main.tsx lets the
 * first render wait a little for it, so Home is rendered once with its figures, in slices, rather than rendered and
 * then rendered again at once (a store update) when they arrive.
 */
export function prefetchHome(dispatch: TAppDispatch): Promise<void> {
  dispatch(payoutsApi.util.prefetch('ledgerBalance', undefined, {}));
  dispatch(payoutsApi.util.prefetch('publicSettings', undefined, {}));
  dispatch(payoutsApi.util.prefetch('myWithdrawals', { status: 'pending', pageSize: PENDING_SUMMARY_PAGE_SIZE }, {}));
  dispatch(contentApi.util.prefetch('news', undefined, {}));
  return Promise.all(dispatch(payoutsApi.util.getRunningQueriesThunk())).then(() => undefined);
}
