import type { TAdminUser, TAdminUserSort, TVerificationStatus } from '@platform/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '../../../components/ListSearch';
import { useDialog } from '../../../components/dialogs/useDialog';
import { useKeysetPages } from '../../../components/KeysetPager';
import { SelectFilter } from '../../../components/list/filters';
import { useListSort } from '../../../components/list/ListPage';
import { useAdminUsersQuery, useAdminUsersStatsQuery } from '../../../features/account/account.admin.api';
import { AdjustBalanceDialog } from './components/AdjustBalanceDialog';
import { DeleteUserDialog } from './components/DeleteUserDialog';
import { EditUserDialog } from './components/EditUserDialog';
import { ToggleUserDialog } from './components/ToggleUserDialog';
import { UserDetailsDialog } from './components/UserDetailsDialog';
import { UsersTable } from './components/UsersTable';
import { UserStatCards } from './components/UserStatCards';
import './users.css';

/** The verification statuses (contracts VERIFICATION_STATUSES), in the order the filter offers them. */
const VERIFICATION_STATUSES: readonly TVerificationStatus[] = ['none', 'pending', 'approved', 'rejected'];

/**
 * Admin > All Users (spec 03): search, the four stat cards, the list with View, Edit, Adjust balance, Ban/Unban and
 * Delete (the last two not for admin users), each in its dialog; Ban/Unban and Delete ask for confirmation.
 */
export function UsersSection() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [verification, setVerification] = useState<TVerificationStatus | undefined>();
  // Each dialog is about one user, keyed by the user: nothing typed for one user is offered for the next.
  const viewing = useDialog<TAdminUser>();
  const adjusting = useDialog<TAdminUser>();
  const editing = useDialog<TAdminUser>();
  const toggling = useDialog<TAdminUser>();
  const deleting = useDialog<TAdminUser>();
  // Paged on the server (20 a page, newest first unless sorted by a column); a new search starts from the first page.
  const pages = useKeysetPages();
  const sort = useListSort<TAdminUserSort>('createdAt.desc');
  const query = useAdminUsersQuery(pages.cursor || sort.value || verification ? { search, verification, sort: sort.value, cursor: pages.cursor } : search);
  const stats = useAdminUsersStatsQuery();
  const { reset } = pages;
  useEffect(() => reset(), [search, verification, reset]);

  return (
    <div className="admin-section" data-testid="users-section">
      <UsersTable
        query={query}
        pages={pages}
        sort={sort}
        filters={
          <>
            <ListSearch label={t('admin.users.searchPlaceholder')} onSearch={setSearch} />
            <SelectFilter
              label={t('admin.users.verificationFilter')}
              allLabel={t('admin.users.verificationAll')}
              options={VERIFICATION_STATUSES.map((value) => ({ value, label: t(`admin.users.verificationStatus.${value}`) }))}
              value={verification}
              onChange={setVerification}
              testId="users-verification-filter"
            />
          </>
        }
        summary={<UserStatCards stats={stats.data} />}
        onView={viewing.open}
        onAdjust={adjusting.open}
        onEdit={editing.open}
        onToggle={toggling.open}
        onDelete={deleting.open}
      />
      {viewing.target && (
        <UserDetailsDialog
          key={viewing.target.id}
          user={viewing.target}
          open={viewing.isOpen}
          onClose={viewing.close}
          afterClose={viewing.afterClose}
          onAdjust={adjusting.open}
        />
      )}
      {adjusting.target && (
        <AdjustBalanceDialog key={adjusting.target.id} user={adjusting.target} open={adjusting.isOpen} onClose={adjusting.close} afterClose={adjusting.afterClose} />
      )}
      {editing.target && <EditUserDialog key={editing.target.id} user={editing.target} open={editing.isOpen} onClose={editing.close} afterClose={editing.afterClose} />}
      {toggling.target && (
        <ToggleUserDialog key={toggling.target.id} user={toggling.target} open={toggling.isOpen} onClose={toggling.close} afterClose={toggling.afterClose} />
      )}
      {deleting.target && (
        <DeleteUserDialog key={deleting.target.id} user={deleting.target} open={deleting.isOpen} onClose={deleting.close} afterClose={deleting.afterClose} />
      )}
    </div>
  );
}
