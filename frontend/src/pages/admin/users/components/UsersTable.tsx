import type { TAdminUser, TAdminUsersResponse, TVerificationStatus } from '@platform/contracts';
import { Tag, Tooltip, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../app/format';
import type { useKeysetPages } from '../../../../components/KeysetPager';
import { ListPage, type TListQuery, type TListSort } from '../../../../components/list/ListPage';
import { RowActions } from '../../../../components/list/RowActions';
import { fullName } from './money';

const VERIFICATION_COLORS: Record<TVerificationStatus, string | undefined> = { none: undefined, pending: 'gold', approved: 'blue', rejected: 'red' };

/** A user's verification status as the user is told it (issue 28 item 7): none, pending, approved or rejected. */
export function VerificationTag({ status }: { status: TVerificationStatus }) {
  const { t } = useTranslation();
  if (status === 'none') return <span className="muted small" data-testid="verification-status-none">{t('admin.users.verificationStatus.none')}</span>;
  return (
    <Tag color={VERIFICATION_COLORS[status]} data-testid={`verification-status-${status}`}>
      {t(`admin.users.verificationStatus.${status}`)}
    </Tag>
  );
}

function Balance({ amount }: { amount: string | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (amount === null) {
    return (
      <Tooltip title={t('admin.users.balanceUnknownHint')}>
        <span className="muted" data-testid="balance-unknown">
          {t('common.dash')}
        </span>
      </Tooltip>
    );
  }
  return <span className="admin-amount">{format.money(amount)}</span>;
}

/**
 * The All Users list: who, role, state, balances (available and held; '—' when unknown) and the actions: View,
 * Edit, Adjust balance, Ban/Unban and Delete (the last two are not offered for admin users, spec 03 s.6).
 */
export function UsersTable({
  query,
  pages,
  sort,
  filters,
  summary,
  onView,
  onAdjust,
  onEdit,
  onToggle,
  onDelete,
}: {
  query: TListQuery<TAdminUsersResponse>;
  pages: ReturnType<typeof useKeysetPages>;
  /** Column sorting: joined (the default, newest first) and e-mail (in the user column). */
  sort: TListSort;
  filters: ReactNode;
  summary: ReactNode;
  onView: (user: TAdminUser) => void;
  onAdjust: (user: TAdminUser) => void;
  onEdit: (user: TAdminUser) => void;
  onToggle: (user: TAdminUser) => void;
  onDelete: (user: TAdminUser) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const columns: TableColumnsType<TAdminUser> = [
    {
      // Sorted by e-mail (the name is not unique; the e-mail is, and is shown under it).
      key: 'email',
      title: t('admin.users.columns.user'),
      sorter: true,
      showSorterTooltip: { title: t('admin.users.sortByEmail') },
      ellipsis: true,
      render: (_, user) => (
        <div className="admin-user-cell">
          <span>{fullName(user) || <span className="muted">{t('admin.users.unnamed')}</span>}</span>
          <span className="muted small" title={user.email}>
            {user.email}
          </span>
        </div>
      ),
    },
    {
      key: 'role',
      title: t('admin.users.columns.role'),
      width: 100,
      render: (_, user) => <Tag color={user.role === 'admin' ? 'purple' : 'default'}>{t(`admin.users.role.${user.role}`)}</Tag>,
    },
    {
      key: 'status',
      title: t('admin.users.columns.status'),
      width: 90,
      render: (_, user) => (user.isActive ? <Tag color="green">{t('admin.users.status.active')}</Tag> : <Tag color="red">{t('admin.users.status.banned')}</Tag>),
    },
    {
      key: 'verification',
      title: t('admin.users.columns.verification'),
      width: 120,
      render: (_, user) => <VerificationTag status={user.verificationStatus} />,
    },
    { key: 'available', title: t('admin.users.columns.available'), width: 104, align: 'right', render: (_, user) => <Balance amount={user.balance} /> },
    { key: 'held', title: t('admin.users.columns.held'), width: 90, align: 'right', render: (_, user) => <Balance amount={user.heldBalance} /> },
    { key: 'createdAt', title: t('admin.users.columns.joined'), width: 124, sorter: true, render: (_, user) => format.date(user.createdAt) },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 200,
      render: (_, user) => (
        <RowActions
          inline={3}
          actions={[
            { key: 'view', label: t('common.view'), onClick: () => onView(user) },
            { key: 'adjust', label: t('admin.users.adjust'), onClick: () => onAdjust(user) },
            { key: 'edit', label: t('common.edit'), onClick: () => onEdit(user), testId: `edit-user-${user.id}` },
            user.role !== 'admin' && {
              key: 'toggle',
              label: user.isActive ? t('users.admin.ban') : t('users.admin.unban'),
              danger: user.isActive,
              onClick: () => onToggle(user),
              testId: `toggle-user-${user.id}`,
            },
            user.role !== 'admin' && { key: 'delete', label: t('common.delete'), danger: true, onClick: () => onDelete(user), testId: `delete-user-${user.id}` },
          ]}
        />
      ),
    },
  ];
  return (
    <ListPage<TAdminUser>
      query={query}
      pages={pages}
      sort={sort}
      filters={filters}
      summary={summary}
      loadFailed={t('admin.users.loadFailed')}
      testId="users-list"
      table={{
        label: t('admin.menu.users-list'),
        rowKey: 'id',
        columns,
        dataSource: query.data?.items ?? [],
        emptyText: t('admin.users.empty'),
        'data-testid': 'users-table',
      }}
    />
  );
}
