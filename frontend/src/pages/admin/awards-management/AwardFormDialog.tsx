import { Form, InputNumber, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { numberToAmountText } from '../../../features/payouts/money';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { useAdminUsersQuery } from '../../../features/account/account.admin.api';
import { AWARD_CATEGORY_LIST, AWARD_PERIOD_LIST, useCreateAwardMutation, useUpdateAwardMutation, type TAward, type TAwardCategory, type TAwardPeriod } from '../../../features/content/content.api';

interface TFormValues {
  userId: string | undefined;
  category: TAwardCategory | undefined;
  rank: number;
  value: number;
  period: TAwardPeriod;
}

function initialValues(award: TAward | null): TFormValues {
  if (!award) return { userId: undefined, category: undefined, rank: 1, value: 0, period: 'monthly' };
  return { userId: award.userId, category: award.category, rank: award.rank, value: Number(award.value), period: award.period };
}

/**
 * Add or edit a manual award (spec 03 s.5 AMENDED): it names an existing user (picked from All Users; the names are
 * that user's), a category, rank 1 to 5, a value (step 0.01, default 0) and a period.
 */
export function AwardFormDialog({ open, award, onClose }: { open: boolean; award: TAward | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TFormValues>();
  const [search, setSearch] = useState('');
  const { data: users, isFetching } = useAdminUsersQuery(search, { skip: !open });
  const [createAward] = useCreateAwardMutation();
  const [updateAward] = useUpdateAwardMutation();
  const editing = award !== null;

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(initialValues(award));
      setSearch('');
    }
  }, [open, award, form]);

  const options = useMemo(() => {
    const list = (users?.items ?? []).map((u) => ({ value: u.id, label: `${u.firstName} ${u.lastName} (${u.email})` }));
    if (award && !list.some((o) => o.value === award.userId)) list.unshift({ value: award.userId, label: `${award.firstName} ${award.lastName}`.trim() || t('awards.teamMember') });
    return list;
  }, [users, award, t]);

  const save = async (values: TFormValues) => {
    const body = { userId: values.userId!, category: values.category!, rank: values.rank, value: numberToAmountText(Number(values.value ?? 0)), period: values.period };
    if (award) await updateAward({ id: award.id, award: body }).unwrap();
    else await createAward(body).unwrap();
  };

  const required = [{ required: true, message: t('awards.admin.validation.required') }];
  return (
    <FormDialog<TFormValues, keyof TFormValues>
      open={open}
      title={t(editing ? 'awards.admin.dialog.editTitle' : 'awards.admin.dialog.createTitle')}
      form={form}
      fields={['userId', 'category', 'rank', 'value', 'period']}
      initialValues={initialValues(award)}
      onSubmit={save}
      savedTitle={t(editing ? 'awards.admin.toasts.updated' : 'awards.admin.toasts.created')}
      failedTitle={t(editing ? 'awards.admin.toasts.updateFailed' : 'awards.admin.toasts.createFailed')}
      invalidTitle={t('awards.admin.validation.required')}
      toastKey={award ? `award.update:${award.id}` : 'award.create'}
      onClose={onClose}
      submitLabel={editing ? undefined : t('common.create')}
      submitTestId="award-save"
    >
      <Form.Item name="userId" label={t('awards.admin.fields.user')} rules={required}>
        <Select
          showSearch
          filterOption={false}
          onSearch={setSearch}
          loading={isFetching}
          options={options}
          placeholder={t('awards.admin.userPlaceholder')}
          aria-label={t('awards.admin.fields.user')}
        />
      </Form.Item>
      <Form.Item name="category" label={t('awards.admin.fields.category')} rules={required}>
        <Select options={AWARD_CATEGORY_LIST.map((c) => ({ value: c, label: t(`awards.admin.categories.${c}`) }))} aria-label={t('awards.admin.fields.category')} />
      </Form.Item>
      <Form.Item name="rank" label={t('awards.admin.fields.rank')} rules={required}>
        <InputNumber min={1} max={5} step={1} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="value" label={t('awards.admin.fields.value')}>
        <InputNumber min={0} step={0.01} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="period" label={t('awards.admin.fields.period')} rules={required}>
        <Select options={AWARD_PERIOD_LIST.map((p) => ({ value: p, label: t(`awards.periods.${p}`) }))} aria-label={t('awards.admin.fields.period')} />
      </Form.Item>
    </FormDialog>
  );
}
