import type { TLedgerEntry, TLedgerVerification } from '@platform/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../app/format';
import { parseCents } from './money';

/** What a withdrawal entry moves, in words (its amount alone does not say whether available or held changed). */
const NOTES: Partial<Record<TLedgerEntry['kind'], 'hold' | 'release' | 'payout' | 'givenUp' | 'topUp'>> = {
  task_top_up: 'topUp',
  withdrawal_hold: 'hold',
  withdrawal_release: 'release',
  withdrawal_payout: 'payout',
  balance_given_up: 'givenUp',
};

/** One ledger entry; also shown in the admin's view of a user (pages/admin/users/components/UserDetailsDialog.tsx). */
export function StatementEntry({ entry }: { entry: TLedgerEntry }) {
  const { t } = useTranslation();
  const format = useFormat();
  const cents = parseCents(entry.amount) ?? 0n;
  const note = NOTES[entry.kind];
  return (
    <article className="statement-entry" data-testid="statement-entry" data-kind={entry.kind}>
      <div className="statement-entry-head">
        <span className="statement-entry-kind">{t(`payouts.statement.kind.${entry.kind}`)}</span>
        <span className={`statement-amount${cents > 0n ? ' plus' : cents < 0n ? ' minus' : ''}`}>{format.signedMoney(entry.amount)}</span>
      </div>
      {entry.description && (
        <div className="statement-entry-description" data-testid="statement-entry-description">
          {entry.description}
        </div>
      )}
      {note && <div className="statement-entry-note">{t(`payouts.statement.note.${note}`)}</div>}
      {entry.reason && <div className="statement-reason">{t('payouts.statement.reason', { reason: entry.reason })}</div>}
      <div className="statement-entry-balances">
        <span>
          {t('payouts.statement.availableAfter')}: <strong>{format.money(entry.availableAfter)}</strong>
        </span>
        <span>
          {t('payouts.statement.heldAfter')}: <strong>{format.money(entry.heldAfter)}</strong>
        </span>
      </div>
      <div className="statement-entry-meta">
        <span>{format.dateTime(entry.createdAt)}</span>
        <span>{t('payouts.statement.entryNumber', { seq: entry.seq })}</span>
      </div>
    </article>
  );
}

/** The chain check's answer in words; also used by the admin's view of a user. */
export function VerificationResult({ result }: { result: TLedgerVerification }) {
  const { t } = useTranslation();
  if (result.valid) return <Alert type="success" showIcon title={t('payouts.statement.verified', { count: result.entries })} data-testid="verify-result" />;
  const problem = result.problem ?? t('payouts.statement.unknownProblem');
  return (
    <Alert
      type="error"
      showIcon
      data-testid="verify-result"
      title={result.brokenAt !== undefined ? t('payouts.statement.broken', { seq: result.brokenAt, problem }) : t('payouts.statement.brokenNoSeq', { problem })}
    />
  );
}
