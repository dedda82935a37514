import { Checkbox, DatePicker, Form, Input, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { useCreateNewsMutation, useUpdateNewsMutation, type TNewsArticle } from '../../../features/content/content.api';

interface TFormValues {
  title: string;
  content: string;
  isPublished: boolean;
  createdAt: Dayjs | null;
  emailEveryone: boolean;
}

function initialValues(article: TNewsArticle | null): TFormValues {
  return { title: article?.title ?? '', content: article?.content ?? '', isPublished: article?.isPublished ?? false, createdAt: null, emailEveryone: false };
}

/**
 * Create and edit a news item (spec 03 s.5): title and content required, published or draft, a custom creation
 * date on creation only, and "also e-mail everyone" (sent once, when the item is published).
 */
export function NewsFormDialog({ open, article, onClose }: { open: boolean; article: TNewsArticle | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TFormValues>();
  const [createNews] = useCreateNewsMutation();
  const [updateNews] = useUpdateNewsMutation();
  const editing = article !== null;

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(initialValues(article));
    }
  }, [open, article, form]);

  const save = async (values: TFormValues) => {
    const base = { title: values.title.trim(), content: values.content, isPublished: Boolean(values.isPublished), emailEveryone: Boolean(values.emailEveryone) };
    if (article) await updateNews({ id: article.id, changes: base }).unwrap();
    else await createNews({ ...base, createdAt: values.createdAt ? values.createdAt.toISOString() : null }).unwrap();
  };

  return (
    <FormDialog<TFormValues, keyof TFormValues>
      open={open}
      title={t(editing ? 'news.admin.dialog.editTitle' : 'news.admin.dialog.createTitle')}
      form={form}
      fields={['title', 'content', 'isPublished', 'createdAt', 'emailEveryone']}
      initialValues={initialValues(article)}
      onSubmit={save}
      savedTitle={t(editing ? 'news.admin.toasts.updated' : 'news.admin.toasts.created')}
      failedTitle={t(editing ? 'news.admin.toasts.updateError' : 'news.admin.toasts.createError')}
      toastKey={article ? `news.update:${article.id}` : 'news.create'}
      onClose={onClose}
      submitLabel={editing ? undefined : t('common.create')}
      submitTestId="news-save"
      width={640}
    >
      <Form.Item name="title" label={t('news.admin.fields.title')} rules={[{ required: true, whitespace: true, message: t('news.admin.validation.titleRequired') }]}>
        <Input maxLength={200} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('news.admin.fields.content')}
        extra={t('news.admin.contentHint')}
        rules={[{ required: true, whitespace: true, message: t('news.admin.validation.contentRequired') }]}
      >
        <Input.TextArea autoSize={{ minRows: 6, maxRows: 16 }} maxLength={20000} />
      </Form.Item>
      <Form.Item name="isPublished" label={t('news.admin.fields.isPublished')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {!editing && (
        <Form.Item name="createdAt" label={t('news.admin.fields.createdAt')}>
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
      )}
      <Form.Item name="emailEveryone" valuePropName="checked" extra={t('news.admin.emailHint')}>
        <Checkbox>{t('news.admin.fields.emailEveryone')}</Checkbox>
      </Form.Item>
    </FormDialog>
  );
}
