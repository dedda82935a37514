import type { TWithdrawalStatus } from '@platform/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<TWithdrawalStatus, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

/** Spec 02 s.2: pending reads 'Processing' (the server's true state: not paid yet, not refused). */
export function WithdrawalStatusTag({ status }: { status: TWithdrawalStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid="withdrawal-status" style={{ marginInlineEnd: 0 }}>
      {t(`payouts.status.${status}`)}
    </Tag>
  );
}
