import type { TAdminVerification, TAdminVerificationList } from '@platform/contracts';
import { DatePicker, Segmented, Tag, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../app/format';
import { useKeysetPages } from '../../../components/KeysetPager';
import { ListPage } from '../../../components/list/ListPage';
import { RowActions } from '../../../components/list/RowActions';
import { ListSearch } from '../../../components/ListSearch';
import { useAdminVerificationsQuery, VERIFICATION_SEARCH_MIN_LENGTH } from '../../../features/verification/verification.api';
import '../../../features/verification/verification.css';
import { ReviewVerificationDialog, STATUS_COLORS } from './components/ReviewVerificationDialog';
import { isoDayOf } from '../../../app/isoDay';

/** contracts' ADMIN_VERIFICATION_LISTS (the app imports only types from contracts). */
const FILTERS: readonly TAdminVerificationList[] = ['pending', 'approved', 'rejected', 'all'];

/**
 * Admin > Verifications (spec 03, AMENDED): the queue of pending applications (oldest first) and the decided ones
 * (newest decision first), paged on the server (20 a page) with the applicant search, the status and a date range;
 * a new filter starts from the first page.
 */
export function VerificationsSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const [status, setStatus] = useState<TAdminVerificationList>('pending');
  const [search, setSearch] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const from = isoDayOf(range?.[0]);
  const to = isoDayOf(range?.[1]);
  const pages = useKeysetPages();
  const query = useAdminVerificationsQuery({
    status,
    search: search.length >= VERIFICATION_SEARCH_MIN_LENGTH ? search : undefined,
    from,
    to,
    cursor: pages.cursor,
  });
  const { reset } = pages;
  useEffect(() => reset(), [status, search, from, to, reset]);
  const [reviewing, setReviewing] = useState<string | null>(null);
  // The date range means the application's day in the queue and in All, the decision's for the decided lists.
  const decidedList = status === 'approved' || status === 'rejected';

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
    { title: t('verification.admin.columns.submitted'), dataIndex: 'submittedAt', width: 170, render: (at: string) => format.dateTime(at) },
    ...(decidedList
      ? [{ title: t('verification.admin.columns.decided'), dataIndex: 'reviewedAt', width: 170, render: (at: string | null) => format.dateTime(at) }]
      : []),
    {
      title: t('common.status'),
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
      title: t('common.actions'),
      key: 'actions',
      width: 100,
      render: (_: unknown, row) => (
        <RowActions
          actions={[
            {
              key: 'review',
              label: row.status === 'pending' ? t('verification.admin.review') : t('common.view'),
              onClick: () => setReviewing(row.id),
              testId: `verification-review-${row.id}`,
            },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="admin-section" data-testid="admin-verifications">
      <ListPage<TAdminVerification>
        query={query}
        pages={pages}
        testId="verifications"
        loadFailed={t('verification.admin.loadFailed')}
        filters={
          <>
            <ListSearch label={t('verification.admin.searchPlaceholder')} onSearch={setSearch} />
            <Segmented
              aria-label={t('verification.admin.filter')}
              value={status}
              onChange={(value) => setStatus(value as TAdminVerificationList)}
              options={FILTERS.map((f) => ({ value: f, label: t(`verification.admin.statuses.${f}`) }))}
            />
            <DatePicker.RangePicker
              allowEmpty={[true, true]}
              value={range}
              onChange={(value) => setRange(value)}
              placeholder={[t(decidedList ? 'verification.admin.decidedFrom' : 'verification.admin.submittedFrom'), t('verification.admin.dateTo')]}
              aria-label={t(decidedList ? 'verification.admin.decidedRange' : 'verification.admin.submittedRange')}
              data-testid="verification-dates"
            />
          </>
        }
        table={{
          label: t('verification.admin.title'),
          rowKey: 'id',
          columns,
          dataSource: query.data?.items ?? [],
          scroll: { x: 1000 },
          emptyText: t('verification.admin.empty'),
        }}
      />
      {reviewing && (
        <ReviewVerificationDialog
          id={reviewing}
          onClose={() => setReviewing(null)}
        />
      )}
    </div>
  );
}
