import type { TAdminWithdrawal, TAdminWithdrawalSort } from '@platform/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKeysetPages } from '../../../components/KeysetPager';
import { ListSearch } from '../../../components/ListSearch';
import { useDialog } from '../../../components/dialogs/useDialog';
import { AmountRangeFilter, DateRangeFilter, SelectFilter } from '../../../components/list/filters';
import { useListSort } from '../../../components/list/ListPage';
import { usePublicSettingsQuery, useAdminWithdrawalsQuery, type TAdminWithdrawalsArgs } from '../../../features/payouts/payouts.api';
import { DecisionDialog } from './components/DecisionDialog';
import { PendingWithdrawalsTable, WithdrawalHistoryTable } from './components/WithdrawalTables';
import '../../../features/payouts/payouts.css';

type TFilters = Omit<TAdminWithdrawalsArgs, 'status' | 'cursor' | 'pageSize' | 'sort'>;

/**
 * The admin Withdrawals section (spec 03): Pending Requests (the queue, oldest first), Request History (newest
 * decision first) and the approve/reject dialog. One filter bar (user, currency, requested between, amount) applies
 * to both lists; both are paged on the server, 20 a page, so the section opens at once whatever the queue's length.
 */
export default function AdminWithdrawalsSection() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<TFilters>({});
  // A filter that did not change keeps the same state: the list is not sent back to its first page.
  const change = (next: TFilters) =>
    setFilters((current) => (Object.entries(next).every(([key, value]) => current[key as keyof typeof current] === value) ? current : { ...current, ...next }));
  const pendingPages = useKeysetPages();
  const historyPages = useKeysetPages();
  const pendingSort = useListSort<TAdminWithdrawalSort>('createdAt.asc');
  const historySort = useListSort<TAdminWithdrawalSort>('reviewedAt.desc');
  const pendingQuery = useAdminWithdrawalsQuery({ status: 'pending', ...filters, sort: pendingSort.value, cursor: pendingPages.cursor });
  const historyQuery = useAdminWithdrawalsQuery({ status: 'decided', ...filters, sort: historySort.value, cursor: historyPages.cursor });
  const resetPending = pendingPages.reset;
  const resetHistory = historyPages.reset;
  useEffect(() => {
    resetPending();
    resetHistory();
  }, [filters, resetPending, resetHistory]);
  const currencies = usePublicSettingsQuery().data?.currencies ?? [];
  const reviewing = useDialog<TAdminWithdrawal>();

  const filterBar = (
    <>
      <ListSearch label={t('payouts.admin.filters.user')} onSearch={(user) => change({ user: user.length >= 3 ? user : undefined })} />
      <SelectFilter
        label={t('payouts.admin.currency')}
        allLabel={t('common.allCurrencies')}
        options={currencies.map((currency) => ({ value: currency.value, label: currency.value }))}
        value={filters.currency}
        onChange={(currency) => change({ currency })}
        width={150}
      />
      <DateRangeFilter label={t('payouts.admin.filters.requested')} onChange={change} />
      <AmountRangeFilter label={t('payouts.admin.amount')} onChange={change} />
    </>
  );

  return (
    <div className="admin-withdrawals">
      <PendingWithdrawalsTable query={pendingQuery} pages={pendingPages} sort={pendingSort} filters={filterBar} onReview={reviewing.open} />
      <WithdrawalHistoryTable query={historyQuery} pages={historyPages} sort={historySort} />
      {reviewing.target && (
        <DecisionDialog key={reviewing.target.id} withdrawal={reviewing.target} open={reviewing.isOpen} onClose={reviewing.close} afterClose={reviewing.afterClose} />
      )}
    </div>
  );
}
