import type { TWithdrawal, TWithdrawalStatus } from '@platform/contracts';
import { Alert, Segmented, Spin, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMoreFooter, useLoadMore } from '../../components/LoadMore';
import { useFormat } from '../../app/format';
import { formatFee } from './money';
import { useLazyMyWithdrawalsQuery, useMyWithdrawalsQuery } from './payouts.api';
import { WithdrawalStatusTag } from './WithdrawalStatusTag';

function WithdrawalCard({ withdrawal: w }: { withdrawal: TWithdrawal }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <article className="payout-card" data-testid="withdrawal-card">
      <div className="payout-card-head">
        <span className="payout-amount">
          {format.money(w.amount)} <span className="currency-badge">USD</span>
        </span>
        <WithdrawalStatusTag status={w.status} />
      </div>
      {w.status === 'pending' && (
        <div className={`payout-promise${w.overdue ? ' overdue' : ''}`} data-testid="withdrawal-decide-by" title={t('payouts.history.decideByHint')}>
          {w.overdue && <Tag color="red">{t('payouts.history.overdue')}</Tag>}
          <span>{t('payouts.history.decideBy', { deadline: format.deadline(w.decideBy) })}</span>
          {w.overdue && <div className="payout-promise-hint">{t('payouts.history.overdueHint')}</div>}
        </div>
      )}
      <dl className="payout-fields">
        <dt>{t('payouts.history.currency')}</dt>
        <dd>{w.currency}</dd>
        <dt>{t('payouts.history.networkFee')}</dt>
        <dd>{formatFee(w.networkFee, w.currency)}</dd>
        <dt>{t('payouts.history.wallet')}</dt>
        <dd className="mono">{w.walletAddress}</dd>
        <dt>{t('payouts.history.requested')}</dt>
        <dd>{format.dateTime(w.createdAt)}</dd>
        {w.reviewedAt && (
          <>
            <dt>{t('payouts.history.reviewed')}</dt>
            <dd>{format.dateTime(w.reviewedAt)}</dd>
          </>
        )}
        {w.status === 'approved' && w.txReference && (
          <>
            <dt>{t('payouts.history.txReference')}</dt>
            <dd className="mono" data-testid="tx-reference">
              {w.txReference}
            </dd>
          </>
        )}
        {w.reviewedAt && w.adminComment && (
          <>
            <dt>{t('payouts.history.comment')}</dt>
            <dd data-testid="admin-comment">{w.adminComment}</dd>
          </>
        )}
      </dl>
    </article>
  );
}

type TFilter = 'all' | TWithdrawalStatus;
// The statuses of contracts WITHDRAWAL_STATUSES (the frontend imports types only from contracts).
const FILTERS: TFilter[] = ['all', 'pending', 'approved', 'rejected'];

/**
 * The worker's withdrawals, newest first (spec 02 /withdrawals history), 20 at a time from the server with "Load more",
 * narrowed by status on the server (?status); a new withdrawal refreshes the first page and the list starts again
 * from it.
 */
export function WithdrawalHistory() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<TFilter>('all');
  const status = filter === 'all' ? undefined : filter;
  const { data, isLoading, isError } = useMyWithdrawalsQuery({ status });
  const [fetchPage] = useLazyMyWithdrawalsQuery();
  const list = useLoadMore(data, useCallback((cursor: string) => fetchPage({ status, cursor }).unwrap(), [fetchPage, status]));
  const filters = (
    <Segmented<TFilter>
      block
      aria-label={t('payouts.history.filterLabel')}
      value={filter}
      onChange={setFilter}
      options={FILTERS.map((value) => ({ value, label: value === 'all' ? t('payouts.history.filterAll') : t(`payouts.status.${value}`) }))}
    />
  );
  let body;
  if (isLoading) body = <div className="center-block"><Spin /></div>;
  else if (isError) body = <Alert type="error" showIcon title={t('payouts.history.loadFailed')} />;
  else if (list.items.length === 0) {
    body = (
      <div className="payouts-empty">
        <div className="payouts-empty-title">{status ? t('payouts.history.emptyFiltered') : t('payouts.history.empty')}</div>
        {!status && <div className="muted">{t('payouts.history.emptyHint')}</div>}
      </div>
    );
  } else {
    body = (
      <>
        <div className="payouts-list">
          {list.items.map((w) => (
            <WithdrawalCard key={w.id} withdrawal={w} />
          ))}
        </div>
        <LoadMoreFooter list={list} testId="withdrawals-more" />
      </>
    );
  }
  return (
    <div className="page-stack">
      {(status !== undefined || list.items.length > 0) && filters}
      {body}
    </div>
  );
}
