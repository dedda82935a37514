import { ClockCircleOutlined, HistoryOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Panel } from '../../components/Panel';
import { formatUsd, sumAmounts } from './money';
import { useMyWithdrawalsQuery } from './payouts.api';

/**
 * Spec 02 Home: the sum of pending requests, only when there are any, and 'View N Pending Request(s)' leading to
 * /withdrawals. Without pending requests a plain link to the history remains (there is no other way there).
 */
export function PendingSummary() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useMyWithdrawalsQuery();
  const pending = (data ?? []).filter((w) => w.status === 'pending');

  if (pending.length === 0) {
    return (
      <Button block icon={<HistoryOutlined />} onClick={() => navigate('/withdrawals')}>
        {t('payouts.pending.history')}
      </Button>
    );
  }
  return (
    <Panel className="pending-summary" testId="pending-summary">
      <div className="stat-label">
        <ClockCircleOutlined /> {t('payouts.pending.title')}
      </div>
      <div className="pending-summary-sum">{t('payouts.pending.sum', { amount: formatUsd(sumAmounts(pending.map((w) => w.amount))) })}</div>
      <Button block onClick={() => navigate('/withdrawals')}>
        {t('payouts.pending.view', { count: pending.length })}
      </Button>
    </Panel>
  );
}
