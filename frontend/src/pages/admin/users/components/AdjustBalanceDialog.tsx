import type { TAdminUser } from '@platform/contracts';
import { Alert, Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../app/format';
import { FieldError, fieldA11y } from '../../../../components/forms/FieldError';
import { useFieldErrors } from '../../../../components/forms/useFieldErrors';
import { useToast } from '../../../../components/toast';
import { useAdjustBalanceMutation } from '../../../../features/admin/admin.api';
import { checkBalanceForm } from '../../../../features/admin/balanceForm';
import { serverMessageOf } from '../../../../app/errorMessage';
import { centsToText, parseCents } from '../../../../features/payouts/money';
import { fullName } from './money';

/**
 * Adjust balance (spec 03 s.5, AMENDED): sets the user's available balance through PATCH
 * /api/admin/users/{id}/balance; the difference becomes an admin_adjustment ledger entry with the reason, which
 * the user sees in their statement. The list and the user's statement refresh afterwards (tag invalidation).
 */
export function AdjustBalanceDialog({
  user,
  open = true,
  onClose,
  afterClose,
}: {
  user: TAdminUser;
  open?: boolean;
  onClose: () => void;
  afterClose?: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const toast = useToast();
  const [adjust, { isLoading }] = useAdjustBalanceMutation();
  const [balance, setBalance] = useState(user.balance ?? '');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const fieldErrors = useFieldErrors(['balance', 'reason']);
  const action = `user.adjust:${user.id}`;
  const dash = t('common.dash');
  const check = checkBalanceForm(user.balance, balance, reason);
  const currentCents = parseCents(user.balance);
  const newCents = check.balance === null ? null : parseCents(check.balance);
  const difference = currentCents !== null && newCents !== null && newCents !== currentCents ? centsToText(newCents - currentCents) : null;

  const save = async () => {
    setTouched(true);
    if (check.problem !== null || check.balance === null) return;
    fieldErrors.clearAll();
    try {
      await adjust({ id: user.id, body: { balance: check.balance, reason: reason.trim() } }).unwrap();
      toast({ title: t('admin.users.adjustDialog.success'), action });
      onClose();
    } catch (error) {
      if (fieldErrors.showServerError(error)) {
        toast.dismiss(action);
        return;
      }
      toast({ title: t('admin.users.adjustDialog.failure'), description: serverMessageOf(error) ?? t('admin.common.unknownError'), variant: 'destructive', action });
    }
  };

  const problem = check.problem;
  const balanceError = problem === 'invalidBalance' || problem === 'negativeBalance';
  return (
    <Modal
      open={open}
      title={t('admin.users.adjustDialog.title')}
      onCancel={onClose}
      afterClose={afterClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={isLoading} disabled={problem !== null || isLoading} onClick={() => void save()}>
          {t('admin.users.adjustDialog.save')}
        </Button>,
      ]}
    >
      <dl className="payout-fields" style={{ marginBottom: 16 }}>
        <dt>{t('admin.users.adjustDialog.user')}</dt>
        <dd>
          {fullName(user) || t('admin.users.unnamed')} <span className="muted">{user.email}</span>
        </dd>
        <dt>{t('admin.users.adjustDialog.current')}</dt>
        <dd>
          <strong data-testid="current-balance">{(user.balance == null ? dash : format.money(user.balance))}</strong>
        </dd>
        <dt>{t('admin.users.adjustDialog.held')}</dt>
        <dd>{(user.heldBalance == null ? dash : format.money(user.heldBalance))}</dd>
      </dl>
      <form
        className="withdraw-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="withdraw-field">
          <label htmlFor="adjust-balance">{t('admin.users.adjustDialog.newBalance')}</label>
          <Input
            id="adjust-balance"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            prefix="$"
            value={balance}
            onChange={(e) => {
              setBalance(e.target.value);
              fieldErrors.clear('balance');
            }}
            status={balanceError ? 'error' : undefined}
            {...fieldA11y('adjust-balance-error', fieldErrors.errorOf('balance'))}
          />
          <FieldError id="adjust-balance-error" message={fieldErrors.errorOf('balance')} />
          <div className="withdraw-field-hint">
            {difference ? t('admin.users.adjustDialog.difference', { amount: format.signedMoney(difference) }) : t('admin.users.adjustDialog.newBalanceHint')}
          </div>
        </div>
        <div className="withdraw-field">
          <label htmlFor="adjust-reason">{t('admin.users.adjustDialog.reason')}</label>
          <Input.TextArea
            id="adjust-reason"
            rows={3}
            maxLength={500}
            placeholder={t('admin.users.adjustDialog.reasonPlaceholder')}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              fieldErrors.clear('reason');
            }}
            onBlur={() => setTouched(true)}
            status={touched && problem === 'reasonRequired' ? 'error' : undefined}
            {...fieldA11y('adjust-reason-error', fieldErrors.errorOf('reason'))}
          />
          <FieldError id="adjust-reason-error" message={fieldErrors.errorOf('reason')} />
          <div className="withdraw-field-hint">{t('admin.users.adjustDialog.reasonHint')}</div>
        </div>
        {problem && (
          <Alert
            type={problem === 'unchanged' ? 'info' : touched || balanceError ? 'error' : 'warning'}
            showIcon
            title={t(`admin.users.adjustDialog.problems.${problem}`)}
            data-testid="adjust-problem"
          />
        )}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </form>
    </Modal>
  );
}
