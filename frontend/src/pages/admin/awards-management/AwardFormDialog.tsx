import { Button, Form, InputNumber, Modal, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageOf } from '../../../app/errorMessage';
import { useFormServerErrors } from '../../../components/forms/useFormServerErrors';
import { useToast } from '../../../components/toast';
import { useAdminUsersQuery } from '../../../features/admin/admin.api';
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
  const toast = useToast();
  const [form] = Form.useForm<TFormValues>();
  const serverErrors = useFormServerErrors(form, ['userId', 'category', 'rank', 'value', 'period']);
  const [search, setSearch] = useState('');
  const { data: users, isFetching } = useAdminUsersQuery(search, { skip: !open });
  const [createAward, createState] = useCreateAwardMutation();
  const [updateAward, updateState] = useUpdateAwardMutation();
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

  const save = async () => {
    let values: TFormValues;
    try {
      values = await form.validateFields();
    } catch {
      toast({ title: t('awards.admin.validation.required'), variant: 'destructive' });
      return;
    }
    const body = { userId: values.userId!, category: values.category!, rank: values.rank, value: Number(values.value ?? 0).toFixed(2), period: values.period };
    try {
      if (award) {
        await updateAward({ id: award.id, award: body }).unwrap();
        toast({ title: t('awards.admin.toasts.updated') });
      } else {
        await createAward(body).unwrap();
        toast({ title: t('awards.admin.toasts.created') });
      }
      onClose();
    } catch (error) {
      if (serverErrors.showServerError(error)) return;
      toast({ title: t(editing ? 'awards.admin.toasts.updateFailed' : 'awards.admin.toasts.createFailed'), description: serverMessageOf(error), variant: 'destructive' });
    }
  };

  const required = [{ required: true, message: t('awards.admin.validation.required') }];
  return (
    <Modal
      open={open}
      title={t(editing ? 'awards.admin.dialog.editTitle' : 'awards.admin.dialog.createTitle')}
      onCancel={onClose}
      forceRender
      footer={
        <div className="dialog-footer">
          <Button onClick={onClose}>{t('awards.admin.dialog.cancel')}</Button>
          <Button type="primary" loading={createState.isLoading || updateState.isLoading} onClick={() => void save()} data-testid="award-save">
            {t(editing ? 'awards.admin.dialog.save' : 'awards.admin.dialog.create')}
          </Button>
        </div>
      }
    >
      <Form form={form} layout="vertical" initialValues={initialValues(award)} onValuesChange={serverErrors.onValuesChange}>
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
      </Form>
    </Modal>
  );
}
