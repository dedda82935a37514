import type { TAdminUser } from '@platform/contracts';
import { Button, Checkbox, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageOf } from '../../../../app/errorMessage';
import { FieldError, fieldA11y } from '../../../../components/forms/FieldError';
import { useFieldErrors } from '../../../../components/forms/useFieldErrors';
import { useToast } from '../../../../components/toast';
import { useUpdateUserMutation, type TUserEditBody } from '../../../../features/admin/manageUsers.api';
import { parseCents } from '../../../../features/payouts/money';

type TField = 'firstName' | 'lastName' | 'email' | 'balance' | 'balanceReason';

/**
 * Edit User (spec 03 All Users, s.5): names, e-mail, verified and (not for admins) active; a balance change needs a
 * reason and becomes a ledger adjustment of the difference (the server posts it through payouts). Only the fields
 * that changed are sent. Toasts 'User updated successfully' / 'Failed to update user' (server message or
 * 'Unknown error'); a refusal of one field (the e-mail taken, the reason) is shown under it.
 */
export function EditUserDialog({ user, open = true, onClose, afterClose }: { user: TAdminUser; open?: boolean; onClose: () => void; afterClose?: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [update, { isLoading }] = useUpdateUserMutation();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [email, setEmail] = useState(user.email);
  const [isVerified, setVerified] = useState(user.isVerified);
  const [isActive, setActive] = useState(user.isActive);
  const [balance, setBalance] = useState(user.balance ?? '');
  const [balanceReason, setBalanceReason] = useState('');
  const errors = useFieldErrors<TField>(['firstName', 'lastName', 'email', 'balance', 'balanceReason']);
  const action = `user.edit:${user.id}`;
  const isAdmin = user.role === 'admin';

  // Empty becomes 0.00 (spec 03 s.5); a balance the server did not tell (null) is never sent.
  const balanceCents = parseCents(balance.trim() === '' ? '0' : balance.trim());
  const balanceChanged = user.balance !== null && balanceCents !== null && balanceCents !== parseCents(user.balance);

  const save = async () => {
    errors.clearAll();
    let invalid = false;
    for (const [field, value, label] of [
      ['firstName', firstName, t('users.admin.editDialog.firstName')],
      ['lastName', lastName, t('users.admin.editDialog.lastName')],
      ['email', email, t('users.admin.editDialog.email')],
    ] as const) {
      if (value.trim() === '') {
        errors.set(field, t('users.admin.editDialog.required', { field: label }));
        invalid = true;
      }
    }
    if (user.balance !== null && balanceCents === null) {
      errors.set('balance', t('admin.users.adjustDialog.problems.invalidBalance'));
      invalid = true;
    }
    if (balanceChanged && balanceReason.trim() === '') {
      errors.set('balanceReason', t('users.admin.editDialog.reasonRequired'));
      invalid = true;
    }
    if (invalid) return;

    const body: TUserEditBody = {};
    if (firstName.trim() !== user.firstName) body.firstName = firstName.trim();
    if (lastName.trim() !== user.lastName) body.lastName = lastName.trim();
    if (email.trim().toLowerCase() !== user.email) body.email = email.trim();
    if (isVerified !== user.isVerified) body.isVerified = isVerified;
    if (!isAdmin && isActive !== user.isActive) body.isActive = isActive;
    if (balanceChanged) {
      body.balance = balance.trim() === '' ? '0.00' : balance.trim();
      body.balanceReason = balanceReason.trim();
    }
    try {
      await update({ id: user.id, body }).unwrap();
      toast({ title: t('users.admin.editDialog.success'), action });
      onClose();
    } catch (error) {
      if (errors.showServerError(error)) {
        toast.dismiss(action);
        return;
      }
      toast({ title: t('users.admin.editDialog.failure'), description: serverMessageOf(error) ?? t('admin.common.unknownError'), variant: 'destructive', action });
    }
  };

  const text = (field: 'firstName' | 'lastName' | 'email', value: string, set: (v: string) => void, type = 'text') => (
    <div className="withdraw-field">
      <label htmlFor={`edit-user-${field}`}>{t(`users.admin.editDialog.${field}`)}</label>
      <Input
        id={`edit-user-${field}`}
        type={type}
        value={value}
        maxLength={field === 'email' ? 254 : 100}
        onChange={(e) => {
          set(e.target.value);
          errors.clear(field);
        }}
        {...fieldA11y(`edit-user-${field}-error`, errors.errorOf(field))}
      />
      <FieldError id={`edit-user-${field}-error`} message={errors.errorOf(field)} />
    </div>
  );

  return (
    <Modal
      open={open}
      title={t('users.admin.editDialog.title')}
      onCancel={onClose}
      afterClose={afterClose}
      data-testid="edit-user-dialog"
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={isLoading} onClick={() => void save()}>
          {t('common.save')}
        </Button>,
      ]}
    >
      <form
        className="withdraw-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {text('firstName', firstName, setFirstName)}
        {text('lastName', lastName, setLastName)}
        {text('email', email, setEmail, 'email')}
        <div className="withdraw-field">
          <Checkbox checked={isVerified} onChange={(e) => setVerified(e.target.checked)}>
            {t('users.admin.editDialog.isVerified')}
          </Checkbox>
          {/* The active checkbox is hidden for admins (spec 03 s.5). */}
          {!isAdmin && (
            <Checkbox checked={isActive} onChange={(e) => setActive(e.target.checked)} style={{ marginLeft: 16 }}>
              {t('users.admin.editDialog.isActive')}
            </Checkbox>
          )}
        </div>
        {user.balance !== null && (
          <div className="withdraw-field">
            <label htmlFor="edit-user-balance">{t('users.admin.editDialog.balance')}</label>
            <Input
              id="edit-user-balance"
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              prefix="$"
              value={balance}
              onChange={(e) => {
                setBalance(e.target.value);
                errors.clear('balance');
              }}
              {...fieldA11y('edit-user-balance-error', errors.errorOf('balance'))}
            />
            <FieldError id="edit-user-balance-error" message={errors.errorOf('balance')} />
            <div className="withdraw-field-hint">{t('users.admin.editDialog.balanceHint')}</div>
          </div>
        )}
        {balanceChanged && (
          <div className="withdraw-field">
            <label htmlFor="edit-user-balanceReason">{t('users.admin.editDialog.balanceReason')}</label>
            <Input.TextArea
              id="edit-user-balanceReason"
              rows={2}
              maxLength={500}
              value={balanceReason}
              onChange={(e) => {
                setBalanceReason(e.target.value);
                errors.clear('balanceReason');
              }}
              {...fieldA11y('edit-user-balanceReason-error', errors.errorOf('balanceReason'))}
            />
            <FieldError id="edit-user-balanceReason-error" message={errors.errorOf('balanceReason')} />
          </div>
        )}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </form>
    </Modal>
  );
}
