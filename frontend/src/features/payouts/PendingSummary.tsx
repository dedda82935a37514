import { ClockCircleOutlined, HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Panel } from '../../components/Panel';
import { PlainButton } from '../../components/PlainButton';
import { useFormat } from '../../app/format';
import { sumAmounts } from './money';
import { PENDING_SUMMARY_PAGE_SIZE, useLedgerBalanceQuery, useMyWithdrawalsQuery } from './payouts.api';

/** Pending requests read at once for the sum; more than this (rare: each holds at least the minimum) sum to `held`. */

/**
 * Spec 02 Home: the sum of pending requests, only when there are any, and 'View N Pending Request(s)' leading to
 * /withdrawals. Without pending requests a plain link to the history remains (there is no other way there).
 * The server filters the pending ones (?status=pending) and counts them (total); the sum is that of the page, or,
 * when there are more than one page holds, the held balance (every pending request holds exactly its amount).
 * Plain elements, no antd (issue 27: part of Home's first paint).
 */
export function PendingSummary() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const { data } = useMyWithdrawalsQuery({ status: 'pending', pageSize: PENDING_SUMMARY_PAGE_SIZE });
  const { data: balance } = useLedgerBalanceQuery();
  const count = data?.total ?? 0;
  const sum = data && data.nextCursor === null ? sumAmounts(data.items.map((w) => w.amount)) : balance?.held;

  if (count === 0) {
    return (
      <PlainButton block icon={<HistoryOutlined />} onClick={() => navigate('/withdrawals')}>
        {t('payouts.pending.history')}
      </PlainButton>
    );
  }
  return (
    <Panel className="pending-summary" testId="pending-summary">
      <div className="stat-label">
        <ClockCircleOutlined /> {t('payouts.pending.title')}
      </div>
      {sum !== undefined && <div className="pending-summary-sum">{t('payouts.pending.sum', { amount: format.money(sum) })}</div>}
      <PlainButton block onClick={() => navigate('/withdrawals')}>
        {t('payouts.pending.view', { count })}
      </PlainButton>
    </Panel>
  );
}
