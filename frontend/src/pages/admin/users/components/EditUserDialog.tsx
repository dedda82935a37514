import type { TAdminUser } from '@platform/contracts';
import { Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverMessageOf } from '../../../../app/errorMessage';
import { FormDialog } from '../../../../components/dialogs/FormDialog';
import { useUpdateUserMutation, type TUserEditBody } from '../../../../features/account/account.admin.api';
import { parseCents } from '../../../../features/payouts/money';

type TField = 'firstName' | 'lastName' | 'email' | 'balance' | 'balanceReason';

interface TEditValues {
  firstName: string;
  lastName: string;
  email: string;
  isVerified: boolean;
  isActive: boolean;
  balance: string;
  balanceReason: string;
}

/** A balance as typed: empty becomes 0.00 (spec 03 s.5); null when it is not an amount. */
function balanceCentsOf(balance: string): bigint | null {
  return parseCents(balance.trim() === '' ? '0' : balance.trim());
}

/**
 * Edit User (spec 03 All Users, s.5), on the kit's FormDialog: names, e-mail, verified and (not for admins) active; a
 * balance change needs a reason and becomes a ledger adjustment of the difference (the server posts it through
 * payouts). Only the fields that changed are sent. Toasts 'User updated successfully' / 'Failed to update user'
 * (server message or 'Unknown error'); a refusal of one field (the e-mail taken, the reason) is shown under it.
 */
export function EditUserDialog({ user, open = true, onClose, afterClose }: { user: TAdminUser; open?: boolean; onClose: () => void; afterClose?: () => void }) {
  const { t } = useTranslation();
  const [update] = useUpdateUserMutation();
  const [form] = Form.useForm<TEditValues>();
  const isAdmin = user.role === 'admin';
  const balance = Form.useWatch('balance', form) ?? user.balance ?? '';
  // A balance the server did not tell (null) is never sent.
  const balanceCents = balanceCentsOf(balance);
  const balanceChanged = user.balance !== null && balanceCents !== null && balanceCents !== parseCents(user.balance);
  const required = (field: 'firstName' | 'lastName' | 'email') => [
    { required: true, whitespace: true, message: t('users.admin.editDialog.required', { field: t(`users.admin.editDialog.${field}`) }) },
  ];

  const save = (values: TEditValues) => {
    const body: TUserEditBody = {};
    if (values.firstName.trim() !== user.firstName) body.firstName = values.firstName.trim();
    if (values.lastName.trim() !== user.lastName) body.lastName = values.lastName.trim();
    if (values.email.trim().toLowerCase() !== user.email) body.email = values.email.trim();
    if (values.isVerified !== user.isVerified) body.isVerified = values.isVerified;
    if (!isAdmin && values.isActive !== user.isActive) body.isActive = values.isActive;
    if (balanceChanged) {
      body.balance = values.balance.trim() === '' ? '0.00' : values.balance.trim();
      body.balanceReason = values.balanceReason.trim();
    }
    return update({ id: user.id, body }).unwrap();
  };

  return (
    <FormDialog<TEditValues, TField>
      open={open}
      title={t('users.admin.editDialog.title')}
      form={form}
      fields={['firstName', 'lastName', 'email', 'balance', 'balanceReason']}
      initialValues={{
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        isVerified: user.isVerified,
        isActive: user.isActive,
        balance: user.balance ?? '',
        balanceReason: '',
      }}
      onSubmit={save}
      savedTitle={t('users.admin.editDialog.success')}
      failedTitle={t('users.admin.editDialog.failure')}
      describeError={(error) => serverMessageOf(error) ?? t('admin.common.unknownError')}
      toastKey={`user.edit:${user.id}`}
      onClose={onClose}
      afterClose={afterClose}
      testId="edit-user-dialog"
    >
      <Form.Item name="firstName" label={t('users.admin.editDialog.firstName')} rules={required('firstName')}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="lastName" label={t('users.admin.editDialog.lastName')} rules={required('lastName')}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="email" label={t('users.admin.editDialog.email')} rules={required('email')}>
        <Input type="email" maxLength={254} />
      </Form.Item>
      <div className="withdraw-field">
        <Form.Item name="isVerified" valuePropName="checked" noStyle>
          <Checkbox>{t('users.admin.editDialog.isVerified')}</Checkbox>
        </Form.Item>
        {/* The active checkbox is hidden for admins (spec 03 s.5). */}
        {!isAdmin && (
          <Form.Item name="isActive" valuePropName="checked" noStyle>
            <Checkbox style={{ marginLeft: 16 }}>{t('users.admin.editDialog.isActive')}</Checkbox>
          </Form.Item>
        )}
      </div>
      {user.balance !== null && (
        <Form.Item
          name="balance"
          label={t('users.admin.editDialog.balance')}
          extra={t('users.admin.editDialog.balanceHint')}
          rules={[
            {
              validator: (_rule, value: string | undefined) =>
                balanceCentsOf(value ?? '') === null ? Promise.reject(new Error(t('admin.users.adjustDialog.problems.invalidBalance'))) : Promise.resolve(),
            },
          ]}
        >
          <Input type="number" inputMode="decimal" step="0.01" min="0" prefix="$" />
        </Form.Item>
      )}
      {balanceChanged && (
        <Form.Item
          name="balanceReason"
          label={t('users.admin.editDialog.balanceReason')}
          rules={[{ required: true, whitespace: true, message: t('users.admin.editDialog.reasonRequired') }]}
        >
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      )}
    </FormDialog>
  );
}
