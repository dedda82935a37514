import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Spin } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { LoadMoreFooter, useLoadMore } from '../../components/LoadMore';
import { readToken } from '../session/session.storage';
import { downloadStatementCsv } from './downloadStatement';
import { useFormat } from '../../app/format';
import { useLazyStatementQuery, useLazyVerifyLedgerQuery, useStatementQuery } from './payouts.api';
import { LedgerCheck } from './LedgerCheck';
import { StatementEntry } from './StatementEntry';

/**
 * The Statement tab (spec 02 /withdrawals, AMENDED; principle 2): every ledger entry of the worker, newest first,
 * with the signed amount and the balances after it (the running balance), 20 at a time from the server with "Load
 * more"; CSV download (the whole statement); the chain check (the server recomputes the whole chain).
 */
export function StatementTable() {
  const { t } = useTranslation();
  const format = useFormat();
  const token = useAppSelector((s) => s.session.token);
  const { data, isLoading, isError } = useStatementQuery({});
  const [fetchPage] = useLazyStatementQuery();
  const list = useLoadMore(data, useCallback((cursor: string) => fetchPage({ cursor }).unwrap(), [fetchPage]));
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

  const entries = list.items;
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
      {!verification.isFetching && !verification.isError && verification.data && <LedgerCheck result={verification.data} checkedAt={verification.fulfilledTimeStamp} />}

      {isLoading && (
        <div className="center-block">
          <Spin />
        </div>
      )}
      {isError && <Alert type="error" showIcon title={t('payouts.statement.loadFailed')} />}
      {data && (
        <div className="muted small" data-testid="statement-closing">
          {t('payouts.statement.closing', { available: format.money(data.closing.available), held: format.money(data.closing.held) })}
        </div>
      )}
      {data && entries.length === 0 && (
        <div className="payouts-empty">
          <div className="payouts-empty-title">{t('payouts.statement.empty')}</div>
          <div className="muted">{t('payouts.statement.emptyHint')}</div>
        </div>
      )}
      {entries.length > 0 && (
        <>
          <div className="payouts-list" data-testid="statement">
            {entries.map((entry) => (
              <StatementEntry key={entry.id} entry={entry} />
            ))}
          </div>
          <LoadMoreFooter list={list} testId="statement-more" />
        </>
      )}
    </div>
  );
}
