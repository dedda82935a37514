import { ArrowUpOutlined, LockOutlined, SafetyCertificateOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/Panel';
import { PlainButton, PlainProgress } from '../../components/PlainButton';
import { useFormat } from '../../app/format';
import { parseCents } from './money';
import { useLedgerBalanceQuery, usePublicSettingsQuery } from './payouts.api';
import { minimumProgress } from './withdrawalReadiness';
import './payouts.css';

/**
 * The balance card (spec 02 Home, AMENDED; principle 2): the available balance with 2 decimals and, beside it,
 * what is held for pending withdrawals, never silently subtracted. The figure is the owner's (GET
 * /api/ledger/balance); when it cannot be read the card says so and shows '—', never 0.00.
 * With Withdraw (Home), the withdrawal minimum is said before it matters (issue 28 item 3): under the minimum, the
 * progress toward it and, below a Withdraw that stays disabled, why and how much is still missing.
 * With Withdraw it also says, once, that the platform never asks for a payment or a deposit (principle 8).
 * Plain elements, no antd (issue 27): it is the largest part of Home, painted before antd's layer is loaded.
 */
export function BalanceCard({ onWithdraw, compact = false }: { onWithdraw?: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { data, isLoading, isError, isFetching, refetch } = useLedgerBalanceQuery();
  const known = data !== undefined && !isError;
  const heldCents = known ? parseCents(data.held) : null;
  const settings = usePublicSettingsQuery(undefined, { skip: !onWithdraw });
  const minimum = settings.data?.minimumWithdrawal;
  const progress = onWithdraw && known ? minimumProgress(data.available, minimum) : null;
  const belowMinimum = progress !== null && !progress.reached;
  // Until the balance and the minimum are both read, the card keeps the space of its most common shape (under the
  // minimum: held line, progress, the reason below Withdraw), invisible, so nothing under it moves when they arrive.
  const placeholder = Boolean(onWithdraw) && !isError && (data === undefined || (settings.data === undefined && !settings.isError));
  const zero = format.money('0');

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
          <PlainButton size="small" loading={isFetching} onClick={() => void refetch()}>
            {t('payouts.balance.retry')}
          </PlainButton>
        </div>
      )}
      {placeholder && !known && (
        <div className="balance-card-held zero balance-card-placeholder" aria-hidden="true">
          <LockOutlined />
          <span>{t('payouts.balance.held', { amount: zero })}</span>
        </div>
      )}
      {placeholder && (
        <div className="balance-card-minimum balance-card-placeholder" aria-hidden="true" data-testid="withdraw-minimum-placeholder">
          <div className="balance-card-minimum-head">
            <span>{t('payouts.balance.minimum', { minimum: zero })}</span>
            <span className="balance-card-minimum-figures">{t('payouts.balance.progress', { available: zero, minimum: zero })}</span>
          </div>
          <PlainProgress percent={0} />
        </div>
      )}
      {known && (
        <div className={`balance-card-held${heldCents === 0n ? ' zero' : ''}`} data-testid="held-balance" title={t('payouts.balance.heldHint')}>
          <LockOutlined />
          <span>{t('payouts.balance.held', { amount: format.money(data.held) })}</span>
        </div>
      )}
      {belowMinimum && minimum && (
        <div className="balance-card-minimum" data-testid="withdraw-minimum">
          <div className="balance-card-minimum-head">
            <span>{t('payouts.balance.minimum', { minimum: format.money(minimum) })}</span>
            <span className="balance-card-minimum-figures">{t('payouts.balance.progress', { available: format.money(data?.available ?? '0'), minimum: format.money(minimum) })}</span>
          </div>
          <PlainProgress percent={progress.percent} label={t('payouts.balance.progressLabel', { percent: progress.percent })} />
        </div>
      )}
      {onWithdraw && (
        <PlainButton
          variant={belowMinimum ? 'default' : 'primary'}
          size={compact ? 'middle' : 'large'}
          block={!compact}
          icon={<ArrowUpOutlined />}
          onClick={onWithdraw}
          disabled={belowMinimum}
          aria-describedby={belowMinimum ? 'withdraw-why' : undefined}
        >
          {t('payouts.balance.withdraw')}
        </PlainButton>
      )}
      {placeholder && (
        <div className="balance-card-why balance-card-placeholder" aria-hidden="true">
          {t('payouts.balance.belowMinimum', { remaining: zero, minimum: zero })}
        </div>
      )}
      {belowMinimum && minimum && (
        <div id="withdraw-why" className="balance-card-why" data-testid="withdraw-why">
          {t('payouts.balance.belowMinimum', { remaining: format.money(progress.remaining), minimum: format.money(minimum) })}
        </div>
      )}
      {onWithdraw && progress?.reached && minimum && (
        <div className="balance-card-why" data-testid="withdraw-minimum-met">
          {t('payouts.balance.minimumMet', { minimum: format.money(minimum) })}
        </div>
      )}
      {onWithdraw && (
        <div className="never-pay" data-testid="never-pay">
          <SafetyCertificateOutlined /> <span>{t('payouts.neverPay')}</span>
        </div>
      )}
    </Panel>
  );
}
