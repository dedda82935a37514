import type { TTaskPay } from '@platform/contracts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../app/format';

/**
 * What a task pays per hour (issue 29, principle 7), as the server computes it: from the median real time once
 * enough submissions are approved ("about 55 min, $13.63/h (from 10 workers)"), before that from the estimate
 * ("estimated by the platform").
 */
export function PayRate({ pay, className }: { pay: TTaskPay; className?: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const values = { minutes: t('work.common.minutes', { count: pay.minutes }), rate: format.money(pay.hourlyRate) };
  return (
    <span className={className} data-testid="task-pay-rate" data-basis={pay.basis}>
      {pay.basis === 'median' ? t('work.pay.median', { ...values, count: pay.workers }) : t('work.pay.estimate', values)}
    </span>
  );
}
