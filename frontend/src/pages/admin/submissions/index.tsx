import type { TAdminSubmission } from '@platform/contracts';
import { ThunderboltOutlined } from '@ant-design/icons';
import { Button, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { errorMessageOf } from '../../../app/errorMessage';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { useDialog } from '../../../components/dialogs/useDialog';
import { useToast } from '../../../components/toast';
import { useFormat } from '../../../app/format';
import { ListSearch } from '../../../components/ListSearch';
import { DateRangeFilter, type TDateRange } from '../../../components/list/filters';
import { ListPage } from '../../../components/list/ListPage';
import { RowActions } from '../../../components/list/RowActions';
import {
  SEARCH_MIN_LENGTH,
  useApproveSubmissionMutation,
  useLazySubmissionQuery,
  useRejectSubmissionMutation,
  useSubmissionsQuery,
} from '../../../features/tasks/tasks.admin.api';
import { useAppSelector } from '../../../app/hooks';
import { BulkApproveBar, useBulkApproval } from './components/BulkApproval';
import { ClaimTag } from './components/ClaimNotice';
import { RejectSubmissionDialog, type TRejectInput } from './components/RejectSubmissionDialog';
import { ReviewJobProgress } from './components/ReviewJobProgress';
import { ReviewTemplatesTab } from './components/ReviewTemplatesTab';
import { SubmissionDetailDialog } from './components/SubmissionDetailDialog';
import { ReviewCockpit } from './review/ReviewCockpit';
import { REVIEW_COCKPIT_PATH, reviewFiltersOf } from './review/useReviewQueue';
import { useListAddress } from './useListAddress';
import { useLiveClaims } from './useSubmissionClaim';

/**
 * Admin > Task Submissions: the review queue (filtered by worker and submission date), the detail dialog with the
 * submitted images and videos inline, approve, and reject with the criteria not met and a reason (from a template or
 * typed). Issue 30: who is reviewing each row (live, from the claims poll); rows selected (or all matching the
 * filters) approved in bulk as a job with its progress; under the list the reason templates (shown on request; a
 * section rather than a tab: antd's Tabs measure themselves endlessly under jsdom, which made every role query of this
 * page's tests take a minute); at /admin/submissions/review the review cockpit (one submission at a time, by keyboard)
 * over the queue with the list's filter.
 */
export function SubmissionsSection() {
  const { t } = useTranslation();
  const location = useLocation();
  const [showTemplates, setShowTemplates] = useState(false);
  const filters = useMemo(() => reviewFiltersOf(new URLSearchParams(location.search)), [location.search]);
  if (location.pathname.replace(/\/+$/, '') === REVIEW_COCKPIT_PATH) {
    return (
      <div className="admin-section" data-testid="admin-submissions-review">
        <ReviewCockpit filters={filters} />
      </div>
    );
  }
  return (
    <div className="admin-section" data-testid="admin-submissions">
      <SubmissionsQueue />
      <div>
        <Button aria-expanded={showTemplates} aria-controls="review-templates-section" onClick={() => setShowTemplates((shown) => !shown)} data-testid="toggle-templates">
          {t(showTemplates ? 'work.admin.submissions.templates.hide' : 'work.admin.submissions.templates.show')}
        </Button>
      </div>
      {showTemplates && (
        <div id="review-templates-section">
          <ReviewTemplatesTab />
        </div>
      )}
    </div>
  );
}

/**
 * The review queue (filtered by worker and submission date), the detail dialog with the submitted images and videos
 * inline, approve, reject with the criteria not met and a reason (from a template or typed), and the way into the
 * cockpit with the same filter.
 */
function SubmissionsQueue() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFormat();
  const toast = useToast();
  // Paged on the server (20 a page, oldest first): Previous/Next under the table; a new filter starts at page 1. The
  // filters, the sort and the page are in the address (issue 30): back from the cockpit, the list is as it was left.
  const { filters, changeFilters: change, sort, pages, search, addressEpoch } = useListAddress();
  const query = useSubmissionsQuery({ ...filters, sort: sort.value, cursor: pages.cursor });
  const submissions = query.data?.items ?? [];
  const [loadSubmission, detailState] = useLazySubmissionQuery();
  const [approveSubmission, approveState] = useApproveSubmissionMutation();
  const [rejectSubmission, rejectState] = useRejectSubmissionMutation();
  const [detailOpen, setDetailOpen] = useState(false);
  const [detail, setDetail] = useState<TAdminSubmission | null>(null);
  const [rejecting, setRejecting] = useState<TAdminSubmission | null>(null);
  // Approving credits the reward: it needs a second click in a dialog that says what will happen.
  const approving = useDialog<TAdminSubmission>();
  const myId = useAppSelector((s) => s.session.user?.id ?? null);
  const liveClaims = useLiveClaims(true);
  const bulk = useBulkApproval(filters);
  const { clear: clearSelection } = bulk;
  useEffect(() => clearSelection(), [filters, clearSelection]);

  const openDetail = async (row: Pick<TAdminSubmission, 'id'>) => {
    setDetail(null);
    setDetailOpen(true);
    try {
      setDetail(await loadSubmission(row.id).unwrap());
    } catch {
      setDetailOpen(false);
      toast({ title: t('work.admin.submissions.toasts.loadFailed'), variant: 'destructive' });
    }
  };

  const approve = async (submission: TAdminSubmission) => {
    // One action per submission: its success replaces an earlier failure toast of the approve or the reject.
    const action = `submission.review:${submission.id}`;
    try {
      await approveSubmission(submission.id).unwrap();
      toast({ title: t('work.admin.submissions.toasts.approved'), action });
      approving.close();
      setDetailOpen(false);
    } catch (error) {
      approving.close();
      toast({ title: t('work.admin.submissions.toasts.approveFailed'), description: errorMessageOf(error) ?? t('work.admin.submissions.toasts.tryAgain'), variant: 'destructive', action });
    }
  };

  const reject = async (input: TRejectInput) => {
    if (!rejecting) return;
    const action = `submission.review:${rejecting.id}`;
    try {
      await rejectSubmission({ id: rejecting.id, ...input }).unwrap();
      toast({ title: t('work.admin.submissions.toasts.rejected'), action });
      setRejecting(null);
      setDetailOpen(false);
    } catch (error) {
      toast({ title: t('work.admin.submissions.toasts.rejectFailed'), description: errorMessageOf(error) ?? t('work.admin.submissions.toasts.tryAgain'), variant: 'destructive', action });
    }
  };
  const workerName = (row: TAdminSubmission) => `${row.userFirstName} ${row.userLastName}`.trim() || row.userEmail;

  const columns: TableColumnsType<TAdminSubmission> = [
    {
      title: t('work.common.task'),
      dataIndex: 'taskTitle',
      width: 260,
      ellipsis: true,
      render: (_: string, row) => {
        // Who is reviewing it (issue 30): the poll is the live truth once it has answered; until then the list's own claim.
        const claim = liveClaims.loaded ? liveClaims.byId.get(row.id) : row.claim;
        const live = claim && new Date(claim.expiresAt).getTime() > Date.now() ? claim : null;
        return (
          <div className="submission-task-cell">
            <Button type="link" className="admin-link-cell" onClick={() => void openDetail(row)}>
              {row.taskTitle}
            </Button>
            {live && <ClaimTag name={live.adminName} mine={live.adminId === myId} />}
          </div>
        );
      },
    },
    { title: t('work.common.reward'), dataIndex: 'taskReward', width: 110, align: 'right', render: (reward: string) => format.money(reward) },
    {
      title: t('work.common.user'),
      key: 'user',
      width: 240,
      ellipsis: true,
      render: (_: unknown, row) => (
        <div className="admin-user-cell">
          <span>{`${row.userFirstName} ${row.userLastName}`.trim() || row.userEmail}</span>
          <span className="muted small">{row.userEmail}</span>
        </div>
      ),
    },
    { title: t('work.common.submittedAt'), dataIndex: 'submittedAt', width: 190, sorter: true, render: (at: string | null) => (at ? format.dateTime(at) : t('work.common.notSet')) },
    { title: t('work.admin.submissions.files'), key: 'files', width: 80, align: 'right', render: (_: unknown, row) => format.count(row.files.length) },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 220,
      render: (_: unknown, row) => (
        <RowActions
          inline={3}
          actions={[
            { key: 'view', label: t('common.view'), onClick: () => void openDetail(row) },
            { key: 'approve', label: t('work.admin.submissions.approve'), onClick: () => approving.open(row) },
            { key: 'reject', label: t('work.admin.submissions.reject'), danger: true, onClick: () => setRejecting(row) },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <ListPage<TAdminSubmission>
        title={t('work.admin.submissions.title')}
        query={query}
        pages={pages}
        sort={sort}
        extra={
          <Button icon={<ThunderboltOutlined />} onClick={() => navigate(`${REVIEW_COCKPIT_PATH}${search}`)} data-testid="open-cockpit">
            {t('work.admin.submissions.cockpit.open')}
          </Button>
        }
        filters={
          <>
            {/* Drawn anew with what the address says when it changes from outside (the menu opens the list unfiltered). */}
            <ListSearch key={`search-${addressEpoch}`} label={t('work.admin.submissions.searchUser')} initialValue={filters.user} onSearch={(user) => change({ user: user.length >= SEARCH_MIN_LENGTH ? user : undefined })} />
            <DateRangeFilter key={`dates-${addressEpoch}`} label={t('work.admin.submissions.submittedFrom')} initialValue={filters} onChange={(range: TDateRange) => change(range)} />
          </>
        }
        testId="submissions"
        summary={
          <>
            <BulkApproveBar bulk={bulk} matching={query.data?.total ?? 0} />
            {bulk.jobId && <ReviewJobProgress jobId={bulk.jobId} onOpen={(id) => void openDetail({ id })} onClose={bulk.dismiss} />}
          </>
        }
        table={{
          label: t('work.admin.submissions.title'),
          rowKey: 'id',
          columns,
          dataSource: submissions,
          emptyText: t('work.admin.submissions.empty'),
          rowSelection: { selectedRowKeys: bulk.selected, onChange: (keys) => bulk.select(keys.map(String)), preserveSelectedRowKeys: true },
        }}
      />
      <SubmissionDetailDialog
        open={detailOpen}
        submission={detail}
        loading={detailState.isFetching}
        approving={approveState.isLoading}
        onClose={() => setDetailOpen(false)}
        onApprove={(submission) => approving.open(submission)}
        onReject={(submission) => setRejecting(submission)}
      />
      <ConfirmDialog
        key={approving.target?.id}
        open={approving.isOpen}
        afterClose={approving.afterClose}
        title={t('work.admin.submissions.confirmTitle')}
        confirmLabel={t('work.admin.submissions.confirmOk', { amount: format.money(approving.target?.taskReward ?? '0') })}
        loading={approveState.isLoading}
        onConfirm={() => approving.target && void approve(approving.target)}
        onCancel={approving.close}
        testId="approve-confirm"
      >
        {approving.target && (
          <>
            <p className="confirm-dialog-lead">
              {t('work.admin.submissions.confirmCredit', { amount: format.money(approving.target.taskReward), name: workerName(approving.target) })}
            </p>
            <p className="muted">{t('work.admin.submissions.confirmText', { task: approving.target.taskTitle })}</p>
          </>
        )}
      </ConfirmDialog>
      <RejectSubmissionDialog
        open={rejecting !== null}
        submission={rejecting}
        loading={rejectState.isLoading}
        onCancel={() => setRejecting(null)}
        onConfirm={(input) => void reject(input)}
      />
    </>
  );
}
