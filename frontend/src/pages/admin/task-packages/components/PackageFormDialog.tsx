import type { TTaskPackage } from '@platform/contracts';
import { Checkbox, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/dialogs/FormDialog';
import { useCreateTaskPackageMutation, useUpdateTaskPackageMutation } from '../../../../features/tasks/tasks.admin.api';

interface TPackageFormValues {
  name: string;
  description: string;
  isActive: boolean;
}

interface TPackageFormDialogProps {
  open: boolean;
  /** null creates a package. */
  pkg: TTaskPackage | null;
  onClose: () => void;
  onSaved?: (id: string) => void;
}

/** Create and edit a task package ('Package name is required'). */
export function PackageFormDialog({ open, pkg, onClose, onSaved }: TPackageFormDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TPackageFormValues>();
  const [createPackage] = useCreateTaskPackageMutation();
  const [updatePackage] = useUpdateTaskPackageMutation();

  useEffect(() => {
    if (open) form.setFieldsValue({ name: pkg?.name ?? '', description: pkg?.description ?? '', isActive: pkg?.isActive ?? true });
  }, [open, pkg, form]);

  const save = async (values: TPackageFormValues) => {
    const body = { name: values.name.trim(), description: values.description.trim() === '' ? null : values.description.trim(), isActive: values.isActive };
    const saved = pkg ? await updatePackage({ id: pkg.id, changes: body }).unwrap() : await createPackage(body).unwrap();
    onSaved?.(saved.id);
  };

  return (
    <FormDialog<TPackageFormValues, 'name' | 'description' | 'isActive'>
      open={open}
      title={t(pkg ? 'work.admin.packages.editTitle' : 'work.admin.packages.createTitle')}
      form={form}
      fields={['name', 'description', 'isActive']}
      initialValues={{ name: '', description: '', isActive: true }}
      onSubmit={save}
      savedTitle={t(pkg ? 'work.admin.packages.toasts.updated' : 'work.admin.packages.toasts.created')}
      failedTitle={t('work.admin.packages.toasts.failed')}
      toastKey={pkg ? `package.update:${pkg.id}` : 'package.create'}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('work.admin.packages.name')} rules={[{ required: true, whitespace: true, message: t('work.admin.packages.nameRequired') }]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="description" label={t('work.admin.packages.description')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={5000} />
      </Form.Item>
      <Form.Item name="isActive" valuePropName="checked">
        <Checkbox>{t('work.admin.packages.active')}</Checkbox>
      </Form.Item>
    </FormDialog>
  );
}
