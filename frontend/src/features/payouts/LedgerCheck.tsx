import type { TLedgerVerification } from '@platform/contracts';
import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../app/format';

/**
 * The worker's own ledger check in plain words (issue 31 item 4): the result of GET /api/ledger/verify as "your 42
 * entries check out, last verified just now", with what it means; a broken chain says where and what to do.
 * `checkedAt` is when the answer arrived (ms); within a minute it reads "just now", then the time.
 */
export function LedgerCheck({ result, checkedAt }: { result: TLedgerVerification; checkedAt: number | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const when = checkedAt === undefined || now - checkedAt < 60_000 ? t('payouts.check.justNow') : t('payouts.check.at', { time: format.time(checkedAt) });
  if (result.valid) {
    return (
      <Alert
        type="success"
        showIcon
        data-testid="verify-result"
        title={t('payouts.check.ok', { count: result.entries })}
        description={
          <>
            <div>{t('payouts.check.lastVerified', { when })}</div>
            <div className="small">{t('payouts.check.meaning')}</div>
          </>
        }
      />
    );
  }
  return (
    <Alert
      type="error"
      showIcon
      data-testid="verify-result"
      title={result.brokenAt !== undefined ? t('payouts.check.broken', { seq: result.brokenAt }) : t('payouts.check.brokenNoSeq')}
      description={
        <>
          <div>{t('payouts.check.lastVerified', { when })}</div>
          <div className="small">{t('payouts.check.brokenMeaning', { problem: result.problem ?? t('payouts.statement.unknownProblem') })}</div>
        </>
      }
    />
  );
}
