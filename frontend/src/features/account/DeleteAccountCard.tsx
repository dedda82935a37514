import { DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { serverMessageOf } from '../../app/errorMessage';
import { deletionBlockerText } from '../../app/serverErrorText';
import { Panel } from '../../components/Panel';
import { FieldError, fieldA11y } from '../../components/forms/FieldError';
import { useFieldErrors } from '../../components/forms/useFieldErrors';
import { useToast } from '../../components/toast';
import { endSession } from '../session/endSession';
import { useDeleteOwnAccountMutation, useOwnDeletionQuery } from './accountDeletion.api';
import { LeaveWithBalance } from './LeaveWithBalance';

/**
 * Profile > Delete account (spec 02, AMENDED; GDPR art. 17): allowed when the available and held balances are zero
 * and nothing is pending, otherwise the reasons are shown (the server says which), with the ways out of an available
 * balance whatever the minimum (LeaveWithBalance) and, for a pending withdrawal, that deletion waits for its decision. Confirmed with the password; the
 * server erases the personal data in every service, ends every session and e-mails a confirmation, and the app signs
 * out to /login, which says the account was deleted.
 */
export function DeleteAccountCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const eligibility = useOwnDeletionQuery();
  const [remove, { isLoading }] = useDeleteOwnAccountMutation();
  // null until first opened: the dialog is mounted open (its opening motion runs), then kept for its closing one.
  const [open, setOpen] = useState<boolean | null>(null);
  const [password, setPassword] = useState('');
  const errors = useFieldErrors<'password'>(['password']);
  const action = 'account.delete';
  const blocked = eligibility.data && !eligibility.data.allowed ? eligibility.data.reasons : undefined;

  const confirm = async () => {
    errors.clearAll();
    if (password === '') {
      errors.set('password', t('users.profile.passwordRequired'));
      return;
    }
    try {
      await remove({ password }).unwrap();
      setOpen(false);
      endSession(dispatch, 'deleted');
    } catch (error) {
      if (errors.showServerError(error)) {
        toast.dismiss(action);
        return;
      }
      toast({ title: t('users.profile.failure'), description: serverMessageOf(error) ?? t('admin.common.unknownError'), variant: 'destructive', action });
      void eligibility.refetch();
    }
  };

  return (
    <Panel title={t('users.profile.title')} testId="delete-account">
      <p className="muted" style={{ marginTop: 0 }}>
        {t('users.profile.description')}
      </p>
      {blocked && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('users.profile.blocked')}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {blocked.map((reason) => (
                <li key={reason.code}>{deletionBlockerText(reason)}</li>
              ))}
            </ul>
          }
          data-testid="delete-account-blocked"
        />
      )}
      {/* An available balance is never a dead end (issue 28 item 4): withdraw all of it or give it up. */}
      {blocked?.some((reason) => reason.code === 'available_balance') && <LeaveWithBalance closingStartedAt={eligibility.data?.closingStartedAt} onChanged={() => void eligibility.refetch()} />}
      {blocked?.some((reason) => reason.code === 'pending_withdrawal' || reason.code === 'held_balance') && (
        <p className="muted" data-testid="delete-waits-for-withdrawal" style={{ fontSize: 13 }}>
          {t('users.profile.leave.waitForDecision')}
        </p>
      )}
      {eligibility.isError && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('users.profile.checkFailed')} />}
      <Button
        block
        danger
        icon={<DeleteOutlined />}
        disabled={!eligibility.data?.allowed}
        loading={eligibility.isFetching && !eligibility.data}
        onClick={() => {
          setPassword('');
          errors.clearAll();
          setOpen(true);
        }}
      >
        {t('users.profile.open')}
      </Button>
      {open !== null && (
      <Modal
        open={open}
        title={t('users.profile.dialogTitle')}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        footer={[
          <Button key="cancel" autoFocus onClick={() => setOpen(false)} disabled={isLoading}>
            {t('common.cancel')}
          </Button>,
          <Button key="confirm" type="primary" danger loading={isLoading} onClick={() => void confirm()}>
            {t('users.profile.confirm')}
          </Button>,
        ]}
      >
        <p>{t('users.profile.dialogBody')}</p>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
        >
          <label htmlFor="delete-account-password">{t('users.profile.password')}</label>
          <Input.Password
            id="delete-account-password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              errors.clear('password');
            }}
            {...fieldA11y('delete-account-password-error', errors.errorOf('password'))}
          />
          <FieldError id="delete-account-password-error" message={errors.errorOf('password')} />
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </form>
      </Modal>
      )}
    </Panel>
  );
}
