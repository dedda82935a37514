import type { TAdminUser } from '@platform/contracts';
import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverMessageOf } from '../../../../app/errorMessage';
import { deletionBlockerText } from '../../../../app/serverErrorText';
import { ConfirmDialog } from '../../../../components/dialogs/ConfirmDialog';
import { useToast } from '../../../../components/toast';
import { useDeleteUserMutation, useUserDeletionQuery } from '../../../../features/account/account.admin.api';
import { fullName } from './money';

/**
 * Delete with confirmation (spec 03 s.5): first asks the server whether the user may be deleted now (no money, no
 * pending withdrawal, submission or task) and shows why not; the button deletes only when allowed (the server checks
 * again). Toasts 'User deleted successfully' / 'Failed to delete user' with the server's reason.
 */
export function DeleteUserDialog({ user, open = true, onClose, afterClose }: { user: TAdminUser; open?: boolean; onClose: () => void; afterClose?: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const eligibility = useUserDeletionQuery(user.id);
  const [remove, { isLoading }] = useDeleteUserMutation();
  const action = `user.delete:${user.id}`;
  const name = fullName(user) || user.email;

  const confirm = async () => {
    try {
      await remove(user.id).unwrap();
      toast({ title: t('users.admin.deleteDialog.success'), action });
      onClose();
    } catch (error) {
      toast({ title: t('users.admin.deleteDialog.failure'), description: serverMessageOf(error) ?? t('admin.common.unknownError'), variant: 'destructive', action });
      void eligibility.refetch();
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title={t('users.admin.deleteDialog.title')}
      confirmLabel={t('users.admin.deleteDialog.confirm')}
      danger
      loading={isLoading}
      onConfirm={() => void confirm()}
      onCancel={onClose}
      afterClose={afterClose}
      testId="delete-user-dialog"
    >
      <p>{t('users.admin.deleteDialog.body', { name, email: user.email })}</p>
      {eligibility.isFetching && (
        <p className="muted">
          <Spin size="small" /> {t('users.admin.deleteDialog.checking')}
        </p>
      )}
      {eligibility.data && !eligibility.data.allowed && (
        <Alert
          type="warning"
          showIcon
          title={t('users.admin.deleteDialog.blocked')}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {eligibility.data.reasons.map((reason) => (
                <li key={reason.code}>{deletionBlockerText(reason)}</li>
              ))}
            </ul>
          }
          data-testid="delete-user-blocked"
        />
      )}
      {eligibility.isError && <Alert type="error" showIcon title={serverMessageOf(eligibility.error) ?? t('admin.common.unknownError')} />}
    </ConfirmDialog>
  );
}
