import type { TAdminAppeal, TAppealStatus } from '@platform/contracts';
import { Segmented, Tag, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../app/errorMessage';
import { useFormat } from '../../../app/format';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { useDialog } from '../../../components/dialogs/useDialog';
import { useKeysetPages } from '../../../components/KeysetPager';
import { ListPage } from '../../../components/list/ListPage';
import { RowActions } from '../../../components/list/RowActions';
import { useToast } from '../../../components/toast';
import { ReasonDialog } from '../../../features/tasks/ReasonDialog';
import { useAppealsQuery, useDecideAppealMutation } from '../../../features/tasks/tasks.admin.api';

/**
 * Admin > Appeals (issue 29): the queue of appealed rejections, paged on the server (oldest first, overdue marked),
 * with the rejection, the criteria it cited and the worker's statement. An admin other than the one who rejected
 * upholds it (with a reason) or overturns it (the submission is approved and paid); the server refuses the
 * rejecting admin and says so.
 */
export function AppealsSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const toast = useToast();
  const [status, setStatus] = useState<TAppealStatus>('pending');
  const pages = useKeysetPages();
  const { reset } = pages;
  useEffect(() => reset(), [status, reset]);
  const query = useAppealsQuery({ status, cursor: pages.cursor });
  const [decideAppeal, decideState] = useDecideAppealMutation();
  const overturning = useDialog<TAdminAppeal>();
  const [upholding, setUpholding] = useState<TAdminAppeal | null>(null);

  const decide = async (appeal: TAdminAppeal, decision: 'upheld' | 'overturned', reason?: string) => {
    const action = `appeal.decide:${appeal.id}`;
    try {
      await decideAppeal({ id: appeal.id, decision, reason }).unwrap();
      toast({ title: t(decision === 'upheld' ? 'work.admin.appeals.toasts.upheld' : 'work.admin.appeals.toasts.overturned'), action });
      overturning.close();
      setUpholding(null);
    } catch (error) {
      overturning.close();
      toast({ title: t('work.admin.appeals.toasts.failed'), description: errorMessageOf(error) ?? t('work.admin.submissions.toasts.tryAgain'), variant: 'destructive', action });
    }
  };

  const columns: TableColumnsType<TAdminAppeal> = [
    {
      title: t('work.common.task'),
      key: 'task',
      width: 190,
      render: (_: unknown, row) => (
        <div className="admin-user-cell">
          <strong>{row.taskTitle}</strong>
          <span className="muted small">{format.money(row.taskReward)}</span>
        </div>
      ),
    },
    {
      title: t('work.common.user'),
      key: 'user',
      width: 190,
      ellipsis: true,
      render: (_: unknown, row) => (
        <div className="admin-user-cell">
          <span>{`${row.userFirstName} ${row.userLastName}`.trim() || row.userEmail}</span>
          <span className="muted small">{row.userEmail}</span>
        </div>
      ),
    },
    {
      title: t('work.admin.appeals.rejection'),
      key: 'rejection',
      // Widths that add up to the console's content at 1440 px: the texts wrap instead of running under the pinned
      // actions column.
      width: 220,
      render: (_: unknown, row) => (
        <div className="small">
          <div>{row.rejectionReason}</div>
          {row.rejectedCriteria.length > 0 && (
            <div className="muted">{row.rejectedCriteria.map((n) => `${format.count(n)}. ${row.taskAcceptanceCriteria[n - 1] ?? ''}`).join('; ')}</div>
          )}
        </div>
      ),
    },
    { title: t('work.admin.appeals.statement'), dataIndex: 'statement', width: 220, render: (text: string) => <div className="small">{text}</div> },
    {
      title: t('work.admin.appeals.decideBy'),
      key: 'decideBy',
      width: 150,
      render: (_: unknown, row) =>
        row.status === 'pending' ? (
          <span data-testid={`decide-by-${row.id}`}>
            {format.dateTime(row.decideBy)} {row.overdue && <Tag color="red">{t('work.admin.appeals.overdue')}</Tag>}
          </span>
        ) : (
          <span className="small">
            {t(`work.admin.appeals.status.${row.status}`)}
            {row.decisionReason && <div className="muted">{row.decisionReason}</div>}
          </span>
        ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 140,
      render: (_: unknown, row) =>
        row.status === 'pending' ? (
          <RowActions
            inline={2}
            actions={[
              { key: 'overturn', label: t('work.admin.appeals.overturn'), onClick: () => overturning.open(row) },
              { key: 'uphold', label: t('work.admin.appeals.uphold'), danger: true, onClick: () => setUpholding(row) },
            ]}
          />
        ) : null,
    },
  ];

  return (
    <div className="admin-section" data-testid="admin-appeals">
      <ListPage<TAdminAppeal>
        title={t('work.admin.appeals.title')}
        query={query}
        pages={pages}
        filters={
          <Segmented<TAppealStatus>
            aria-label={t('work.admin.appeals.statusFilter')}
            value={status}
            onChange={(value) => setStatus(value)}
            options={(['pending', 'upheld', 'overturned'] as const).map((value) => ({ value, label: t(`work.admin.appeals.status.${value}`) }))}
          />
        }
        testId="appeals"
        table={{ label: t('work.admin.appeals.title'), rowKey: 'id', columns, dataSource: query.data?.items ?? [], emptyText: t('work.admin.appeals.empty') }}
      />
      <ConfirmDialog
        key={overturning.target?.id}
        open={overturning.isOpen}
        afterClose={overturning.afterClose}
        title={t('work.admin.appeals.overturnTitle')}
        confirmLabel={t('work.admin.appeals.overturnOk', { amount: format.money(overturning.target?.taskReward ?? '0') })}
        loading={decideState.isLoading}
        onConfirm={() => overturning.target && void decide(overturning.target, 'overturned')}
        onCancel={overturning.close}
        testId="overturn-confirm"
      >
        <p className="muted">{t('work.admin.appeals.overturnText')}</p>
      </ConfirmDialog>
      <ReasonDialog
        open={upholding !== null}
        title={t('work.admin.appeals.upholdTitle')}
        text={t('work.admin.appeals.upholdText')}
        label={t('work.admin.appeals.reasonLabel')}
        requiredMessage={t('work.admin.appeals.reasonRequired')}
        confirmLabel={t('work.admin.appeals.uphold')}
        loading={decideState.isLoading}
        onCancel={() => setUpholding(null)}
        onConfirm={(reason) => upholding && void decide(upholding, 'upheld', reason)}
      />
    </div>
  );
}
