import type { TAdminVerification } from '@platform/contracts';
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Segmented, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { formatDateTime } from '../../../features/payouts/dates';
import { useAdminVerificationsQuery } from '../../../features/verification/verification.api';
import '../../../features/verification/verification.css';
import { ReviewVerificationDialog, STATUS_COLORS } from './components/ReviewVerificationDialog';

const FILTERS = ['pending', 'approved', 'rejected', 'all'] as const;

/** Admin > Verifications (spec 03, AMENDED): the queue of pending applications (oldest first) and the decided ones. */
export function VerificationsSection() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<(typeof FILTERS)[number]>('pending');
  const { data, isLoading, isFetching, refetch } = useAdminVerificationsQuery({ status });
  const [reviewing, setReviewing] = useState<string | null>(null);

  const columns: TableColumnsType<TAdminVerification> = [
    {
      title: t('verification.admin.columns.user'),
      key: 'user',
      width: 240,
      ellipsis: true,
      render: (_: unknown, row) => (
        <div className="admin-user-cell">
          <span>{row.userName ?? row.userEmail ?? row.userId}</span>
          <span className="muted small">{row.userEmail}</span>
        </div>
      ),
    },
    { title: t('verification.admin.columns.fullName'), dataIndex: 'fullName', ellipsis: true },
    {
      title: t('verification.admin.columns.document'),
      key: 'document',
      width: 220,
      render: (_: unknown, row) => (
        <div className="admin-user-cell">
          <span>{t(`verification.dialog.documentTypes.${row.documentType}`)}</span>
          <span className="muted small mono">{row.documentNumber}</span>
        </div>
      ),
    },
    { title: t('verification.admin.columns.submitted'), dataIndex: 'submittedAt', width: 180, render: (at: string) => formatDateTime(at, i18n.language) },
    {
      title: t('verification.admin.columns.status'),
      dataIndex: 'status',
      width: 200,
      render: (value: TAdminVerification['status'], row) => (
        <div className="admin-user-cell">
          <Tag color={STATUS_COLORS[value]}>{t(`verification.admin.statuses.${value}`)}</Tag>
          {row.rejectionReason && (
            <span className="muted small" title={row.rejectionReason}>
              {row.rejectionReason}
            </span>
          )}
        </div>
      ),
    },
    {
      title: t('verification.admin.columns.actions'),
      key: 'actions',
      width: 120,
      render: (_: unknown, row) => (
        <Button size="small" type={row.status === 'pending' ? 'primary' : 'default'} onClick={() => setReviewing(row.id)} data-testid={`verification-review-${row.id}`}>
          {row.status === 'pending' ? t('verification.admin.review') : t('verification.admin.view')}
        </Button>
      ),
    },
  ];

  return (
    <div className="admin-section" data-testid="admin-verifications">
      <div className="admin-toolbar" style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'center', marginBottom: 12 }}>
        <Segmented
          aria-label={t('verification.admin.filter')}
          value={status}
          onChange={(value) => setStatus(value as (typeof FILTERS)[number])}
          options={FILTERS.map((f) => ({ value: f, label: t(`verification.admin.statuses.${f}`) }))}
        />
        <Button icon={<ReloadOutlined />} loading={isFetching} onClick={() => void refetch()}>
          {t('verification.admin.refresh')}
        </Button>
      </div>
      <DataTable<TAdminVerification>
        label={t('verification.admin.title')}
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.verifications ?? []}
        loading={isLoading || isFetching}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 1000 }}
        locale={{ emptyText: t('verification.admin.empty') }}
      />
      {reviewing && (
        <ReviewVerificationDialog
          id={reviewing}
          onClose={() => {
            setReviewing(null);
            void refetch();
          }}
        />
      )}
    </div>
  );
}
