import { Form, Input, InputNumber, Switch } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { useCreateDocumentMutation, useUpdateDocumentMutation, type TAdminDocument } from '../../../features/content/content.api';

interface TFormValues {
  title: string;
  type: string;
  content: string;
  isActive: boolean;
  requiresAcceptance: boolean;
  sortOrder: number;
}

function initialValues(doc: TAdminDocument | null): TFormValues {
  return {
    title: doc?.title ?? '',
    type: doc?.type ?? '',
    content: doc?.content ?? '',
    isActive: doc?.isActive ?? true,
    requiresAcceptance: doc?.requiresAcceptance ?? true,
    sortOrder: doc?.sortOrder ?? 0,
  };
}

/** Create and edit a company document; the server sanitises the HTML and raises the version when the content changes. */
export function DocumentFormDialog({ open, document, onClose }: { open: boolean; document: TAdminDocument | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TFormValues>();
  const [createDocument] = useCreateDocumentMutation();
  const [updateDocument] = useUpdateDocumentMutation();
  const editing = document !== null;

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(initialValues(document));
    }
  }, [open, document, form]);

  const save = async (values: TFormValues): Promise<TAdminDocument> => {
    const body = { ...values, title: values.title.trim(), type: values.type.trim(), sortOrder: values.sortOrder ?? 0 };
    return document ? updateDocument({ id: document.id, changes: body }).unwrap() : createDocument(body).unwrap();
  };

  return (
    <FormDialog<TFormValues, keyof TFormValues, TAdminDocument>
      open={open}
      title={t(editing ? 'news.documents.dialog.editTitle' : 'news.documents.dialog.createTitle')}
      form={form}
      fields={['title', 'type', 'content', 'isActive', 'requiresAcceptance', 'sortOrder']}
      initialValues={initialValues(document)}
      onSubmit={save}
      savedTitle={(saved) =>
        !document ? t('news.documents.toasts.created') : saved.version !== document.version ? t('news.documents.toasts.newVersion', { version: saved.version }) : t('news.documents.toasts.updated')
      }
      failedTitle={t('news.documents.toasts.failed')}
      toastKey={document ? `document.update:${document.id}` : 'document.create'}
      onClose={onClose}
      submitLabel={editing ? undefined : t('common.create')}
      submitTestId="document-save"
      width={760}
    >
      <Form.Item name="title" label={t('news.documents.fields.title')} rules={[{ required: true, whitespace: true, message: t('news.documents.validation.titleRequired') }]}>
        <Input maxLength={200} autoComplete="off" />
      </Form.Item>
      <Form.Item name="type" label={t('news.documents.fields.type')} rules={[{ required: true, whitespace: true, message: t('news.documents.validation.typeRequired') }]}>
        <Input maxLength={50} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('news.documents.fields.content')}
        extra={t('news.documents.contentHint')}
        rules={[{ required: true, whitespace: true, message: t('news.documents.validation.contentRequired') }]}
      >
        <Input.TextArea className="code-input" autoSize={{ minRows: 8, maxRows: 18 }} spellCheck={false} />
      </Form.Item>
      <Space3>
        <Form.Item name="isActive" label={t('news.documents.fields.isActive')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="requiresAcceptance" label={t('news.documents.fields.requiresAcceptance')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="sortOrder" label={t('news.documents.fields.sortOrder')}>
          <InputNumber min={0} step={1} precision={0} />
        </Form.Item>
      </Space3>
    </FormDialog>
  );
}

function Space3({ children }: { children: ReactNode }) {
  return <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24 }}>{children}</div>;
}
