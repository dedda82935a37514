import type { TAdminUser } from '@platform/contracts';
import { Button, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../features/payouts/dates';
import { fullName, usdOrDash } from './money';
import { DataTable } from '../../../../components/DataTable';

function Balance({ amount }: { amount: string | null }) {
  const { t } = useTranslation();
  const dash = t('admin.common.dash');
  if (amount === null) {
    return (
      <Tooltip title={t('admin.users.balanceUnknownHint')}>
        <span className="muted" data-testid="balance-unknown">
          {dash}
        </span>
      </Tooltip>
    );
  }
  return <span className="admin-amount">{usdOrDash(amount, dash)}</span>;
}

/**
 * The All Users list: who, role, state, balances (available and held; '—' when unknown) and the actions: View,
 * Edit, Adjust balance, Ban/Unban and Delete (the last two are not offered for admin users, spec 03 s.6).
 */
export function UsersTable({
  users,
  loading,
  onView,
  onAdjust,
  onEdit,
  onToggle,
  onDelete,
}: {
  users: TAdminUser[];
  loading: boolean;
  onView: (user: TAdminUser) => void;
  onAdjust: (user: TAdminUser) => void;
  onEdit: (user: TAdminUser) => void;
  onToggle: (user: TAdminUser) => void;
  onDelete: (user: TAdminUser) => void;
}) {
  const { t, i18n } = useTranslation();
  const columns: TableColumnsType<TAdminUser> = [
    {
      key: 'user',
      title: t('admin.users.columns.user'),
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
      key: 'verified',
      title: t('admin.users.columns.verified'),
      width: 116,
      render: (_, user) => (user.isVerified ? <Tag color="blue">{t('admin.users.verified.yes')}</Tag> : <span className="muted small">{t('admin.users.verified.no')}</span>),
    },
    { key: 'available', title: t('admin.users.columns.available'), width: 104, align: 'right', render: (_, user) => <Balance amount={user.balance} /> },
    { key: 'held', title: t('admin.users.columns.held'), width: 90, align: 'right', render: (_, user) => <Balance amount={user.heldBalance} /> },
    { key: 'joined', title: t('admin.users.columns.joined'), width: 112, render: (_, user) => formatDate(user.createdAt, i18n.language) },
    {
      key: 'actions',
      title: t('admin.users.columns.actions'),
      width: 380,
      render: (_, user) => (
        <Space size={6} wrap>
          <Button size="small" onClick={() => onView(user)}>
            {t('admin.users.view')}
          </Button>
          <Button size="small" onClick={() => onEdit(user)} data-testid={`edit-user-${user.id}`}>
            {t('users.admin.edit')}
          </Button>
          <Button size="small" type="primary" ghost onClick={() => onAdjust(user)}>
            {t('admin.users.adjust')}
          </Button>
          {user.role !== 'admin' && (
            <>
              <Button size="small" danger={user.isActive} onClick={() => onToggle(user)} data-testid={`toggle-user-${user.id}`}>
                {user.isActive ? t('users.admin.ban') : t('users.admin.unban')}
              </Button>
              <Button size="small" danger onClick={() => onDelete(user)} data-testid={`delete-user-${user.id}`}>
                {t('users.admin.delete')}
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];
  return (
    <DataTable<TAdminUser>
      label={t('admin.menu.users-list')}
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={users}
      loading={loading}
      pagination={false}
      scroll={{ x: 1200 }}
      locale={{ emptyText: t('admin.users.empty') }}
      data-testid="users-table"
    />
  );
}
