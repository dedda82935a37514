import type { TAdminWithdrawal } from '@platform/contracts';
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { KeysetPager, useKeysetPages } from '../../../components/KeysetPager';
import { useDialog } from '../../../components/dialogs/useDialog';
import { useAdminWithdrawalsQuery } from '../../../features/payouts/payouts.api';
import { DecisionDialog } from './components/DecisionDialog';
import { PendingWithdrawalsTable, WithdrawalHistoryTable } from './components/WithdrawalTables';
import '../../../features/payouts/payouts.css';

/** The admin Withdrawals section (spec 03): Pending Requests, Request History and the approve/reject dialog. */
export default function AdminWithdrawalsSection() {
  const { t } = useTranslation();
  // Both lists are paged on the server (20 a page): the queue oldest first, the history newest decision first.
  const pendingPages = useKeysetPages();
  const historyPages = useKeysetPages();
  const pendingQuery = useAdminWithdrawalsQuery({ status: 'pending', cursor: pendingPages.cursor });
  const historyQuery = useAdminWithdrawalsQuery({ status: 'decided', cursor: historyPages.cursor });
  const reviewing = useDialog<TAdminWithdrawal>();
  const isError = pendingQuery.isError || historyQuery.isError;
  const isLoading = pendingQuery.isLoading;
  const isFetching = pendingQuery.isFetching || historyQuery.isFetching;
  const refetch = () => {
    void pendingQuery.refetch();
    void historyQuery.refetch();
  };
  const pendingTotal = pendingQuery.data ? `${pendingQuery.data.total}${pendingQuery.data.totalExact ? '' : '+'}` : '0';

  return (
    <div className="admin-withdrawals">
      {isError && <Alert type="error" showIcon title={t('payouts.admin.loadFailed')} />}
      <section>
        <div className="payouts-title-row" style={{ marginBottom: 12 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('payouts.admin.pendingTitle')} ({pendingTotal})
          </Typography.Title>
          <Button icon={<ReloadOutlined />} loading={isFetching && !isLoading} onClick={refetch}>
            {t('payouts.admin.refresh')}
          </Button>
        </div>
        <PendingWithdrawalsTable rows={pendingQuery.data?.items ?? []} loading={isLoading} onReview={reviewing.open} />
        <KeysetPager pages={pendingPages} nextCursor={pendingQuery.data?.nextCursor} testId="pending-withdrawals-pager" />
      </section>
      <section>
        <Typography.Title level={5} style={{ margin: '0 0 12px' }}>
          {t('payouts.admin.historyTitle')}
        </Typography.Title>
        <WithdrawalHistoryTable rows={historyQuery.data?.items ?? []} loading={historyQuery.isLoading} />
        <KeysetPager pages={historyPages} nextCursor={historyQuery.data?.nextCursor} testId="withdrawal-history-pager" />
      </section>
      {reviewing.target && (
        <DecisionDialog key={reviewing.target.id} withdrawal={reviewing.target} open={reviewing.isOpen} onClose={reviewing.close} afterClose={reviewing.afterClose} />
      )}
    </div>
  );
}
