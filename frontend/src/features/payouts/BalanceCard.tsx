import { ArrowUpOutlined, LockOutlined, WarningOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/Panel';
import { useFormat } from '../../app/format';
import { parseCents } from './money';
import { useLedgerBalanceQuery } from './payouts.api';
import './payouts.css';

/**
 * The balance card (spec 02 Home, AMENDED; principle 2): the available balance with 2 decimals and, beside it,
 * what is held for pending withdrawals, never silently subtracted. The figure is the owner's (GET
 * /api/ledger/balance); when it cannot be read the card says so and shows '—', never 0.00.
 */
export function BalanceCard({ onWithdraw, compact = false }: { onWithdraw?: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { data, isLoading, isError, isFetching, refetch } = useLedgerBalanceQuery();
  const known = data !== undefined && !isError;
  const heldCents = known ? parseCents(data.held) : null;

  return (
    <Panel className="balance-card" testId="balance-card">
      <div className="balance-card-head">
        <span className="stat-label">{t('payouts.balance.available')}</span>
        <span className="currency-badge">USD</span>
      </div>
      <div className="balance-card-amount" data-testid="balance">
        {known ? format.money(data.available) : isLoading ? '…' : t('payouts.common.notAvailable')}
      </div>
      {isError && (
        <div className="balance-card-unavailable" role="status">
          <WarningOutlined />
          <span>{t('payouts.balance.unavailable')}</span>
          <Button size="small" loading={isFetching} onClick={() => void refetch()}>
            {t('payouts.balance.retry')}
          </Button>
        </div>
      )}
      {known && (
        <div className={`balance-card-held${heldCents === 0n ? ' zero' : ''}`} data-testid="held-balance" title={t('payouts.balance.heldHint')}>
          <LockOutlined />
          <span>{t('payouts.balance.held', { amount: format.money(data.held) })}</span>
        </div>
      )}
      {onWithdraw && (
        <Button type="primary" size={compact ? 'middle' : 'large'} block={!compact} icon={<ArrowUpOutlined />} onClick={onWithdraw}>
          {t('payouts.balance.withdraw')}
        </Button>
      )}
    </Panel>
  );
}
