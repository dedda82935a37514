import type { TAdminWithdrawal } from '@platform/contracts';
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDialog } from '../../../components/dialogs/useDialog';
import { useAdminWithdrawalsQuery } from '../../../features/payouts/payouts.api';
import { DecisionDialog } from './components/DecisionDialog';
import { PendingWithdrawalsTable, WithdrawalHistoryTable } from './components/WithdrawalTables';
import '../../../features/payouts/payouts.css';

/** The admin Withdrawals section (spec 03): Pending Requests, Request History and the approve/reject dialog. */
export default function AdminWithdrawalsSection() {
  const { t } = useTranslation();
  const { data, isLoading, isFetching, isError, refetch } = useAdminWithdrawalsQuery();
  const reviewing = useDialog<TAdminWithdrawal>();
  const pending = (data ?? []).filter((w) => w.status === 'pending');
  const processed = (data ?? []).filter((w) => w.status !== 'pending');

  return (
    <div className="admin-withdrawals">
      {isError && <Alert type="error" showIcon title={t('payouts.admin.loadFailed')} />}
      <section>
        <div className="payouts-title-row" style={{ marginBottom: 12 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('payouts.admin.pendingTitle')} ({pending.length})
          </Typography.Title>
          <Button icon={<ReloadOutlined />} loading={isFetching && !isLoading} onClick={() => void refetch()}>
            {t('payouts.admin.refresh')}
          </Button>
        </div>
        <PendingWithdrawalsTable rows={pending} loading={isLoading} onReview={reviewing.open} />
      </section>
      <section>
        <Typography.Title level={5} style={{ margin: '0 0 12px' }}>
          {t('payouts.admin.historyTitle')}
        </Typography.Title>
        <WithdrawalHistoryTable rows={processed} loading={isLoading} />
      </section>
      {reviewing.target && (
        <DecisionDialog key={reviewing.target.id} withdrawal={reviewing.target} open={reviewing.isOpen} onClose={reviewing.close} afterClose={reviewing.afterClose} />
      )}
    </div>
  );
}
