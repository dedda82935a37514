import type { TAdminWithdrawal, TAdminWithdrawalPage } from '@platform/contracts';
import { Button, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../app/format';
import { WrapText } from '../../../../components/DataTable';
import type { useKeysetPages } from '../../../../components/KeysetPager';
import { ListPage, type TListQuery, type TListSort } from '../../../../components/list/ListPage';
import { ageOf } from '../../../../features/payouts/dates';
import { formatFee, shortenAddress } from '../../../../features/payouts/money';
import { WithdrawalStatusTag } from '../../../../features/payouts/WithdrawalStatusTag';

function UserCell({ w }: { w: TAdminWithdrawal }) {
  const { t } = useTranslation();
  const name = `${w.user.firstName} ${w.user.lastName}`.trim();
  return (
    <div>
      <div>{name || t('payouts.admin.unknownUser')}</div>
      <div className="muted small">{w.user.email}</div>
    </div>
  );
}

/** A long address or hash, shortened; the whole text in the tooltip and copied by the copy icon. */
function LongTextCell({ text }: { text: string }) {
  return (
    <Tooltip title={text}>
      <Typography.Text className="mono" copyable={{ text }} style={{ whiteSpace: 'nowrap' }}>
        {shortenAddress(text, 10, 8)}
      </Typography.Text>
    </Tooltip>
  );
}

interface TListProps {
  query: TListQuery<TAdminWithdrawalPage>;
  pages: ReturnType<typeof useKeysetPages>;
  /** Column sorting (amount, requested, and for the history decided): the server's sort of the list. */
  sort: TListSort;
}

function useCommonColumns(): TableColumnsType<TAdminWithdrawal> {
  const { t } = useTranslation();
  const format = useFormat();
  return [
    { key: 'user', title: t('payouts.admin.user'), render: (_, w) => <UserCell w={w} /> },
    {
      key: 'amount',
      title: t('payouts.admin.amount'),
      align: 'right',
      sorter: true,
      render: (_, w) => (
        <>
          <strong>{format.money(w.amount)}</strong>
          {/* A closing withdrawal may be under the minimum: the reviewer is told why. */}
          {w.closing && <div className="muted small">{t('payouts.admin.closing')}</div>}
        </>
      ),
    },
    { key: 'currency', title: t('payouts.admin.currency'), dataIndex: 'currency' },
    { key: 'fee', title: t('payouts.admin.fee'), render: (_, w) => formatFee(w.networkFee, w.currency) },
    { key: 'wallet', title: t('payouts.admin.wallet'), render: (_, w) => <LongTextCell text={w.walletAddress} /> },
    { key: 'createdAt', title: t('payouts.admin.requestedAt'), sorter: true, render: (_, w) => format.dateTime(w.createdAt) },
  ];
}

/** Pending Requests: oldest first (the service's order) unless sorted by a column, with their age and the Review action. */
export function PendingWithdrawalsTable({ query, pages, sort, filters, onReview }: TListProps & { filters: ReactNode; onReview: (w: TAdminWithdrawal) => void }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<TAdminWithdrawal> = [
    ...useCommonColumns(),
    {
      key: 'age',
      title: t('payouts.admin.age'),
      render: (_, w) => {
        const age = ageOf(w.createdAt);
        return t(age.unit === 'minutes' ? 'payouts.admin.ageMinutes' : age.unit === 'hours' ? 'payouts.admin.ageHours' : 'payouts.admin.ageDays', { count: age.count });
      },
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, w) => (
        <Button type="primary" size="small" onClick={() => onReview(w)}>
          {t('payouts.admin.review')}
        </Button>
      ),
    },
  ];
  return (
    <ListPage<TAdminWithdrawal>
      title={t('payouts.admin.pendingTitle')}
      query={query}
      pages={pages}
      sort={sort}
      filters={filters}
      loadFailed={t('payouts.admin.loadFailed')}
      testId="pending-withdrawals-list"
      table={{ label: t('payouts.admin.pendingTitle'), rowKey: 'id', columns, dataSource: query.data?.items ?? [], emptyText: t('payouts.admin.emptyPending'), 'data-testid': 'pending-withdrawals' }}
    />
  );
}

/** Request History: processed requests with status, review time, comment and transaction reference. */
export function WithdrawalHistoryTable({ query, pages, sort }: TListProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const common = useCommonColumns().filter((c) => c.key !== 'fee');
  const columns: TableColumnsType<TAdminWithdrawal> = [
    ...common.map((c) =>
      c.key === 'currency'
        ? {
            ...c,
            title: `${t('payouts.admin.currency')} / ${t('payouts.admin.fee')}`,
            render: (_: unknown, w: TAdminWithdrawal) => (
              <div>
                <div>{w.currency}</div>
                <div className="muted small">{formatFee(w.networkFee, w.currency)}</div>
              </div>
            ),
          }
        : c,
    ),
    { key: 'status', title: t('payouts.admin.status'), render: (_, w) => <WithdrawalStatusTag status={w.status} /> },
    { key: 'reviewedAt', title: t('payouts.admin.reviewedAt'), sorter: true, render: (_, w) => format.dateTime(w.reviewedAt) },
    { key: 'txReference', title: t('payouts.admin.txReference'), render: (_, w) => (w.txReference ? <LongTextCell text={w.txReference} /> : '') },
    { key: 'comment', title: t('payouts.admin.comment'), render: (_, w) => (w.adminComment ? <WrapText>{w.adminComment}</WrapText> : '') },
  ];
  return (
    <ListPage<TAdminWithdrawal>
      title={t('payouts.admin.historyTitle')}
      query={query}
      pages={pages}
      sort={sort}
      loadFailed={t('payouts.admin.loadFailed')}
      testId="withdrawal-history-list"
      table={{
        label: t('payouts.admin.historyTitle'),
        rowKey: 'id',
        columns,
        dataSource: query.data?.items ?? [],
        scroll: { x: 1000 },
        emptyText: t('payouts.admin.emptyHistory'),
        'data-testid': 'withdrawal-history',
      }}
    />
  );
}
