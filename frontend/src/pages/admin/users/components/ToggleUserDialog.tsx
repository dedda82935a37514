import type { TAdminUser } from '@platform/contracts';
import { useTranslation } from 'react-i18next';
import { serverMessageOf } from '../../../../app/errorMessage';
import { ConfirmDialog } from '../../../../components/dialogs/ConfirmDialog';
import { useToast } from '../../../../components/toast';
import { useToggleUserMutation } from '../../../../features/account/account.admin.api';
import { fullName } from './money';

/**
 * Ban or unban, after a confirmation (spec 03 s.5). A ban signs the user out everywhere at once (the server revokes
 * every token). Toasts 'User status updated successfully' / 'Failed to update user status'.
 */
export function ToggleUserDialog({ user, open = true, onClose, afterClose }: { user: TAdminUser; open?: boolean; onClose: () => void; afterClose?: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [toggle, { isLoading }] = useToggleUserMutation();
  const action = `user.toggle:${user.id}`;
  const banning = user.isActive;
  const name = fullName(user) || user.email;

  const confirm = async () => {
    try {
      await toggle(user.id).unwrap();
      toast({ title: t('users.admin.toggle.success'), action });
      onClose();
    } catch (error) {
      toast({ title: t('users.admin.toggle.failure'), description: serverMessageOf(error) ?? t('admin.common.unknownError'), variant: 'destructive', action });
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title={banning ? t('users.admin.toggle.banTitle') : t('users.admin.toggle.unbanTitle')}
      confirmLabel={banning ? t('users.admin.ban') : t('users.admin.unban')}
      danger={banning}
      loading={isLoading}
      onConfirm={() => void confirm()}
      onCancel={onClose}
      afterClose={afterClose}
      testId="toggle-user-dialog"
    >
      <p>{banning ? t('users.admin.toggle.banBody', { name }) : t('users.admin.toggle.unbanBody', { name })}</p>
    </ConfirmDialog>
  );
}
