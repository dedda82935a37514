import type { TAdminUser } from '@platform/contracts';
import { Alert, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../app/format';
import { FormDialog } from '../../../../components/dialogs/FormDialog';
import { useAdjustBalanceMutation } from '../../../../features/payouts/payouts.admin.api';
import { checkBalanceForm } from '../../../../features/payouts/balanceForm';
import { serverMessageOf } from '../../../../app/errorMessage';
import { centsToText, parseCents } from '../../../../features/payouts/money';
import { fullName } from './money';

interface TAdjustValues {
  balance: string;
  reason: string;
}

/**
 * Adjust balance (spec 03 s.5, AMENDED): sets the user's available balance through PATCH
 * /api/admin/users/{id}/balance; the difference becomes an admin_adjustment ledger entry with the reason, which
 * the user sees in their statement. The list and the user's statement refresh afterwards (tag invalidation). The
 * kit's FormDialog: Save stays disabled (Enter too) while the form has a problem, which the dialog names.
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
  const [adjust] = useAdjustBalanceMutation();
  const [form] = Form.useForm<TAdjustValues>();
  const initialBalance = user.balance ?? '';
  const balance = Form.useWatch('balance', form) ?? initialBalance;
  const reason = Form.useWatch('reason', form) ?? '';
  const [touched, setTouched] = useState(false);
  const dash = t('common.dash');
  const check = checkBalanceForm(user.balance, balance, reason);
  const currentCents = parseCents(user.balance);
  const newCents = check.balance === null ? null : parseCents(check.balance);
  const difference = currentCents !== null && newCents !== null && newCents !== currentCents ? centsToText(newCents - currentCents) : null;
  const problem = check.problem;
  const balanceError = problem === 'invalidBalance' || problem === 'negativeBalance';

  return (
    <FormDialog<TAdjustValues, 'balance' | 'reason'>
      open={open}
      title={t('admin.users.adjustDialog.title')}
      form={form}
      fields={['balance', 'reason']}
      initialValues={{ balance: initialBalance, reason: '' }}
      onSubmit={() => adjust({ id: user.id, body: { balance: check.balance ?? '', reason: reason.trim() } }).unwrap()}
      savedTitle={t('admin.users.adjustDialog.success')}
      failedTitle={t('admin.users.adjustDialog.failure')}
      describeError={(error) => serverMessageOf(error) ?? t('admin.common.unknownError')}
      toastKey={`user.adjust:${user.id}`}
      onClose={onClose}
      afterClose={afterClose}
      submitLabel={t('admin.users.adjustDialog.save')}
      submitDisabled={problem !== null}
    >
      <dl className="payout-fields" style={{ marginBottom: 16 }}>
        <dt>{t('admin.users.adjustDialog.user')}</dt>
        <dd>
          {fullName(user) || t('admin.users.unnamed')} <span className="muted">{user.email}</span>
        </dd>
        <dt>{t('admin.users.adjustDialog.current')}</dt>
        <dd>
          <strong data-testid="current-balance">{user.balance == null ? dash : format.money(user.balance)}</strong>
        </dd>
        <dt>{t('admin.users.adjustDialog.held')}</dt>
        <dd>{user.heldBalance == null ? dash : format.money(user.heldBalance)}</dd>
      </dl>
      <Form.Item
        name="balance"
        label={t('admin.users.adjustDialog.newBalance')}
        validateStatus={balanceError ? 'error' : undefined}
        extra={difference ? t('admin.users.adjustDialog.difference', { amount: format.signedMoney(difference) }) : t('admin.users.adjustDialog.newBalanceHint')}
      >
        <Input type="number" inputMode="decimal" step="0.01" min="0" prefix="$" />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('admin.users.adjustDialog.reason')}
        validateStatus={touched && problem === 'reasonRequired' ? 'error' : undefined}
        extra={t('admin.users.adjustDialog.reasonHint')}
      >
        <Input.TextArea rows={3} maxLength={500} placeholder={t('admin.users.adjustDialog.reasonPlaceholder')} onBlur={() => setTouched(true)} />
      </Form.Item>
      {problem && (
        <Alert
          type={problem === 'unchanged' ? 'info' : touched || balanceError ? 'error' : 'warning'}
          showIcon
          title={t(`admin.users.adjustDialog.problems.${problem}`)}
          data-testid="adjust-problem"
        />
      )}
    </FormDialog>
  );
}
