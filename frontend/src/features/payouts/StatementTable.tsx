import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { readToken } from '../session/session.storage';
import { formatDateTime } from './dates';
import { downloadStatementCsv } from './downloadStatement';
import { formatSignedUsd, formatUsd, parseCents } from './money';
import { useLazyVerifyLedgerQuery, useStatementQuery } from './payouts.api';
import type { TLedgerEntry, TLedgerVerification } from './payouts.types';

/** What a withdrawal entry moves, in words (its amount alone does not say whether available or held changed). */
const NOTES: Partial<Record<TLedgerEntry['kind'], 'hold' | 'release' | 'payout'>> = {
  withdrawal_hold: 'hold',
  withdrawal_release: 'release',
  withdrawal_payout: 'payout',
};

/** One ledger entry; also shown in the admin's view of a user (pages/admin/users). */
export function StatementEntry({ entry }: { entry: TLedgerEntry }) {
  const { t, i18n } = useTranslation();
  const cents = parseCents(entry.amount) ?? 0n;
  const note = NOTES[entry.kind];
  return (
    <article className="statement-entry" data-testid="statement-entry" data-kind={entry.kind}>
      <div className="statement-entry-head">
        <span className="statement-entry-kind">{t(`payouts.statement.kind.${entry.kind}`)}</span>
        <span className={`statement-amount${cents > 0n ? ' plus' : cents < 0n ? ' minus' : ''}`}>{formatSignedUsd(entry.amount)}</span>
      </div>
      {note && <div className="statement-entry-note">{t(`payouts.statement.note.${note}`)}</div>}
      {entry.reason && <div className="statement-reason">{t('payouts.statement.reason', { reason: entry.reason })}</div>}
      <div className="statement-entry-balances">
        <span>
          {t('payouts.statement.availableAfter')}: <strong>{formatUsd(entry.availableAfter)}</strong>
        </span>
        <span>
          {t('payouts.statement.heldAfter')}: <strong>{formatUsd(entry.heldAfter)}</strong>
        </span>
      </div>
      <div className="statement-entry-meta">
        <span>{formatDateTime(entry.createdAt, i18n.language)}</span>
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

/**
 * The Statement tab (spec 02 /withdrawals, AMENDED; principle 2): every ledger entry of the worker, newest first,
 * with the signed amount and the balances after it (the running balance); CSV download; the chain check.
 */
export function StatementTable() {
  const { t } = useTranslation();
  const token = useAppSelector((s) => s.session.token);
  const { data, isLoading, isError } = useStatementQuery();
  const [verify, verification] = useLazyVerifyLedgerQuery();
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);

  const download = async () => {
    setDownloading(true);
    setDownloadFailed(false);
    try {
      await downloadStatementCsv(token ?? readToken());
    } catch (error) {
      console.warn('Statement download failed', error);
      setDownloadFailed(true);
    } finally {
      setDownloading(false);
    }
  };

  const entries = data ? [...data.entries].reverse() : [];
  return (
    <div className="page-stack">
      <p className="muted small" style={{ margin: 0 }}>
        {t('payouts.statement.intro')}
      </p>
      <div className="statement-actions">
        <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()}>
          {t('payouts.statement.downloadCsv')}
        </Button>
        <Button icon={<SafetyCertificateOutlined />} loading={verification.isFetching} onClick={() => void verify(undefined, false)}>
          {verification.isFetching ? t('payouts.statement.verifying') : t('payouts.statement.verify')}
        </Button>
      </div>
      {downloadFailed && <Alert type="error" showIcon title={t('payouts.statement.downloadFailed')} />}
      {!verification.isFetching && verification.isError && <Alert type="error" showIcon title={t('payouts.statement.verifyFailed')} />}
      {!verification.isFetching && !verification.isError && verification.data && <VerificationResult result={verification.data} />}

      {isLoading && (
        <div className="center-block">
          <Spin />
        </div>
      )}
      {isError && <Alert type="error" showIcon title={t('payouts.statement.loadFailed')} />}
      {data && (
        <div className="muted small" data-testid="statement-closing">
          {t('payouts.statement.closing', { available: formatUsd(data.closing.available), held: formatUsd(data.closing.held) })}
        </div>
      )}
      {data && entries.length === 0 && (
        <div className="payouts-empty">
          <div className="payouts-empty-title">{t('payouts.statement.empty')}</div>
          <div className="muted">{t('payouts.statement.emptyHint')}</div>
        </div>
      )}
      {entries.length > 0 && (
        <div className="payouts-list" data-testid="statement">
          {entries.map((entry) => (
            <StatementEntry key={entry.id} entry={entry} />
          ))}
        </div>
      )}
    </div>
  );
}
