import type { TTaskPackage } from '@platform/contracts';
import { Button, Checkbox, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../../app/errorMessage';
import { useFormServerErrors } from '../../../../components/forms/useFormServerErrors';
import { useToast } from '../../../../components/toast';
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
  const toast = useToast();
  const [form] = Form.useForm<TPackageFormValues>();
  const serverErrors = useFormServerErrors(form, ['name', 'description', 'isActive']);
  const action = pkg ? `package.update:${pkg.id}` : 'package.create';
  const [createPackage, createState] = useCreateTaskPackageMutation();
  const [updatePackage, updateState] = useUpdateTaskPackageMutation();

  useEffect(() => {
    if (open) form.setFieldsValue({ name: pkg?.name ?? '', description: pkg?.description ?? '', isActive: pkg?.isActive ?? true });
  }, [open, pkg, form]);

  const save = async (values: TPackageFormValues) => {
    const body = { name: values.name.trim(), description: values.description.trim() === '' ? null : values.description.trim(), isActive: values.isActive };
    try {
      const saved = pkg ? await updatePackage({ id: pkg.id, changes: body }).unwrap() : await createPackage(body).unwrap();
      toast({ title: t(pkg ? 'work.admin.packages.toasts.updated' : 'work.admin.packages.toasts.created'), action });
      onSaved?.(saved.id);
      onClose();
    } catch (error) {
      if (serverErrors.showServerError(error)) {
        toast.dismiss(action);
        return;
      }
      toast({ title: t('work.admin.packages.toasts.failed'), description: errorMessageOf(error), variant: 'destructive', action });
    }
  };

  return (
    <Modal
      open={open}
      title={t(pkg ? 'work.admin.packages.editTitle' : 'work.admin.packages.createTitle')}
      onCancel={onClose}
      forceRender
      footer={
        <div className="dialog-footer">
          <Button onClick={onClose}>{t('work.common.cancel')}</Button>
          <Button type="primary" loading={createState.isLoading || updateState.isLoading} onClick={() => form.submit()}>
            {t('work.common.save')}
          </Button>
        </div>
      }
    >
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)} onValuesChange={serverErrors.onValuesChange} initialValues={{ name: '', description: '', isActive: true }}>
        <Form.Item name="name" label={t('work.admin.packages.name')} rules={[{ required: true, whitespace: true, message: t('work.admin.packages.nameRequired') }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="description" label={t('work.admin.packages.description')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={5000} />
        </Form.Item>
        <Form.Item name="isActive" valuePropName="checked">
          <Checkbox>{t('work.admin.packages.active')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
