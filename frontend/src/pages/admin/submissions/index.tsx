import type { TAdminSubmission } from '@platform/contracts';
import { CheckOutlined, CloseOutlined, EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../app/errorMessage';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { useDialog } from '../../../components/dialogs/useDialog';
import { useToast } from '../../../components/toast';
import { ReasonDialog } from '../../../features/tasks/ReasonDialog';
import { formatDateTime, formatReward } from '../../../features/tasks/taskStatus';
import { KeysetPager, useKeysetPages } from '../../../components/KeysetPager';
import { useApproveSubmissionMutation, useLazySubmissionQuery, useRejectSubmissionMutation, useSubmissionsQuery } from '../../../features/tasks/tasks.admin.api';
import { SubmissionDetailDialog } from './components/SubmissionDetailDialog';
import { DataTable } from '../../../components/DataTable';

/** Admin > Task Submissions: the review queue, the detail dialog, approve, and reject with a required reason. */
export function SubmissionsSection() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  // Paged on the server (20 a page, oldest first): Previous/Next under the table.
  const pages = useKeysetPages();
  const { data, isLoading, isFetching, refetch } = useSubmissionsQuery(pages.cursor);
  const submissions = data?.items ?? [];
  const [loadSubmission, detailState] = useLazySubmissionQuery();
  const [approveSubmission, approveState] = useApproveSubmissionMutation();
  const [rejectSubmission, rejectState] = useRejectSubmissionMutation();
  const [detailOpen, setDetailOpen] = useState(false);
  const [detail, setDetail] = useState<TAdminSubmission | null>(null);
  const [rejecting, setRejecting] = useState<TAdminSubmission | null>(null);
  // Approving credits the reward: it needs a second click in a dialog that says what will happen.
  const approving = useDialog<TAdminSubmission>();

  const openDetail = async (row: TAdminSubmission) => {
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

  const reject = async (reason: string) => {
    if (!rejecting) return;
    const action = `submission.review:${rejecting.id}`;
    try {
      await rejectSubmission({ id: rejecting.id, reason }).unwrap();
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
      width: 280,
      ellipsis: true,
      render: (_: string, row) => (
        <Button type="link" className="admin-link-cell" onClick={() => void openDetail(row)}>
          {row.taskTitle}
        </Button>
      ),
    },
    { title: t('work.common.reward'), dataIndex: 'taskReward', width: 110, align: 'right', render: (reward: string) => formatReward(reward) },
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
    { title: t('work.common.submittedAt'), dataIndex: 'submittedAt', width: 180, render: (at: string | null) => (at ? formatDateTime(at, i18n.language) : t('work.common.notSet')) },
    { title: t('work.admin.submissions.files'), key: 'files', width: 90, align: 'center', render: (_: unknown, row) => row.files.length },
    {
      title: t('work.common.actions'),
      key: 'actions',
      width: 300,
      render: (_: unknown, row) => (
        <Space size={4}>
          <Button size="small" icon={<EyeOutlined />} onClick={() => void openDetail(row)}>
            {t('work.common.view')}
          </Button>
          <Button size="small" type="primary" icon={<CheckOutlined />} loading={approveState.isLoading && approveState.originalArgs === row.id} onClick={() => approving.open(row)}>
            {t('work.admin.submissions.approve')}
          </Button>
          <Button size="small" danger icon={<CloseOutlined />} onClick={() => setRejecting(row)}>
            {t('work.admin.submissions.reject')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="admin-section" data-testid="admin-submissions">
      <div className="admin-toolbar">
        <h2 className="admin-section-title">{t('work.admin.submissions.title')}</h2>
        <Button icon={<ReloadOutlined />} onClick={() => void refetch()}>
          {t('work.common.refresh')}
        </Button>
      </div>
      <DataTable<TAdminSubmission>
        label={t('work.admin.submissions.title')}
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={submissions}
        loading={isLoading || isFetching}
        pagination={false}
        scroll={{ x: 1200 }}
        locale={{ emptyText: t('work.admin.submissions.empty') }}
      />
      <KeysetPager pages={pages} nextCursor={data?.nextCursor} testId="submissions-pager" />
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
        confirmLabel={t('work.admin.submissions.confirmOk', { amount: formatReward(approving.target?.taskReward ?? '0') })}
        loading={approveState.isLoading}
        onConfirm={() => approving.target && void approve(approving.target)}
        onCancel={approving.close}
        testId="approve-confirm"
      >
        {approving.target && (
          <>
            <p className="confirm-dialog-lead">
              {t('work.admin.submissions.confirmCredit', { amount: formatReward(approving.target.taskReward), name: workerName(approving.target) })}
            </p>
            <p className="muted">{t('work.admin.submissions.confirmText', { task: approving.target.taskTitle })}</p>
          </>
        )}
      </ConfirmDialog>
      <ReasonDialog
        open={rejecting !== null}
        title={t('work.admin.submissions.rejectTitle')}
        text={t('work.admin.submissions.rejectText')}
        label={t('work.admin.submissions.reasonLabel')}
        requiredMessage={t('work.admin.submissions.reasonRequired')}
        confirmLabel={t('work.admin.submissions.reject')}
        loading={rejectState.isLoading}
        onCancel={() => setRejecting(null)}
        onConfirm={(reason) => void reject(reason)}
      />
    </div>
  );
}
