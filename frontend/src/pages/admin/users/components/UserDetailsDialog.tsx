import type { TAdminUser } from '@platform/contracts';
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Spin, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../app/format';
import { useAdminUserLedgerQuery, useVerifyAdminUserLedgerQuery } from '../../../../features/payouts/payouts.admin.api';
import { useAdminUserQuery } from '../../../../features/account/account.admin.api';
import { KeysetPager, useKeysetPages } from '../../../../components/KeysetPager';
import { StatementEntry, VerificationResult } from '../../../../features/payouts/StatementEntry';
import { fullName } from './money';
import { VerificationTag } from './UsersTable';
import { UserVerificationInfo } from '../../verifications/components/UserVerificationInfo';
import { WorkerQualitySection } from './WorkerQualitySection';

function ChainCheck({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { data, isFetching, isError, refetch } = useVerifyAdminUserLedgerQuery(userId);
  return (
    <div className="admin-chain-check" data-testid="chain-check">
      <div className="admin-chain-check-head">
        <strong>{t('admin.users.details.chainTitle')}</strong>
        <Button size="small" icon={<ReloadOutlined />} loading={isFetching} onClick={() => void refetch()}>
          {t('admin.users.details.checkAgain')}
        </Button>
      </div>
      {isFetching && !data && <span className="muted">{t('admin.users.details.checking')}</span>}
      {!isFetching && isError && <Alert type="error" showIcon title={t('admin.users.details.checkFailed')} />}
      {data && !isError && <VerificationResult result={data} />}
    </div>
  );
}

function Statement({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  // Paged on the server (20 entries a page, newest first): Previous/Next by cursor.
  const pages = useKeysetPages();
  const { data, isLoading, isFetching, isError } = useAdminUserLedgerQuery({ id: userId, cursor: pages.cursor });
  const entries = data?.items ?? [];
  return (
    <section className="admin-user-statement">
      <h3 className="admin-section-title">{t('admin.users.details.statementTitle')}</h3>
      <p className="muted small" style={{ margin: 0 }}>
        {t('admin.users.details.statementIntro')}
      </p>
      <ChainCheck userId={userId} />
      {isLoading && (
        <div className="center-block">
          <Spin />
        </div>
      )}
      {isError && <Alert type="error" showIcon title={t('admin.users.details.statementFailed')} />}
      {data && (
        <div className="muted small" data-testid="admin-statement-closing">
          {t('admin.users.details.closing', { available: format.money(data.closing.available), held: format.money(data.closing.held) })}
          {' · '}
          <span data-testid="admin-statement-total">{t('admin.users.details.entriesTotal', { total: format.total(data.total, data.totalExact) })}</span>
        </div>
      )}
      {data && entries.length === 0 && <div className="muted">{t('admin.users.details.noEntries')}</div>}
      {entries.length > 0 && (
        <Spin spinning={isFetching && !isLoading}>
          <div className="payouts-list" data-testid="admin-statement">
            {entries.map((entry) => (
              <StatementEntry key={entry.id} entry={entry} />
            ))}
          </div>
        </Spin>
      )}
      <KeysetPager pages={pages} nextCursor={data?.nextCursor} testId="admin-statement-pager" />
    </section>
  );
}

/** View: the user's stored fields (GET /api/admin/users/{id}), their ledger statement and its chain check. */
export function UserDetailsDialog({
  user: listed,
  open = true,
  onClose,
  afterClose,
  onAdjust,
}: {
  user: TAdminUser;
  open?: boolean;
  onClose: () => void;
  afterClose?: () => void;
  onAdjust: (user: TAdminUser) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { data } = useAdminUserQuery(listed.id);
  const user = data ?? listed;
  const dash = t('common.dash');
  const fields: [string, ReactNode][] = [
    [t('admin.users.details.fields.name'), fullName(user) || t('admin.users.unnamed')],
    [t('admin.users.details.fields.email'), user.email],
    [t('admin.users.details.fields.id'), <span className="mono">{user.id}</span>],
    [t('admin.users.details.fields.telegram'), user.telegramUsername ?? dash],
    [t('admin.users.details.fields.role'), t(`admin.users.role.${user.role}`)],
    [
      t('admin.users.details.fields.status'),
      user.isActive ? <Tag color="green">{t('admin.users.status.active')}</Tag> : <Tag color="red">{t('admin.users.status.banned')}</Tag>,
    ],
    [t('admin.users.details.fields.verification'), <VerificationTag status={user.verificationStatus} />],
    [
      t('admin.users.details.fields.documents'),
      user.documentsAccepted ? t('admin.users.details.documentsAt', { date: format.dateTime(user.documentsAcceptedAt) }) : t('admin.common.no'),
    ],
    [t('admin.users.details.fields.referral'), user.referralSource ?? dash],
    [t('admin.users.details.fields.joined'), format.dateTime(user.createdAt)],
    [t('admin.users.details.fields.updated'), format.dateTime(user.updatedAt)],
    [t('admin.users.details.fields.available'), <strong>{(user.balance == null ? dash : format.money(user.balance))}</strong>],
    [t('admin.users.details.fields.held'), (user.heldBalance == null ? dash : format.money(user.heldBalance))],
  ];
  return (
    <Modal
      open={open}
      width={720}
      title={t('admin.users.details.title')}
      onCancel={onClose}
      afterClose={afterClose}
      footer={[
        <Button key="adjust" onClick={() => onAdjust(user)}>
          {t('admin.users.adjust')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('common.close')}
        </Button>,
      ]}
    >
      <dl className="payout-fields admin-user-fields" data-testid="user-fields">
        {fields.map(([label, value]) => (
          <div key={label} className="admin-user-field">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <UserVerificationInfo userId={user.id} />
      {user.role !== 'admin' && <WorkerQualitySection userId={user.id} />}
      <Statement userId={user.id} />
    </Modal>
  );
}
