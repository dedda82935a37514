import { Button, Form, Input, Modal, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormServerErrors } from '../../../../components/forms/useFormServerErrors';
import { useToast } from '../../../../components/toast';
import {
  useCreateEmailTemplateMutation,
  useUpdateEmailTemplateMutation,
  type TEmailTemplate,
  type TEmailTemplateInput,
} from '../../../../features/admin/emailTemplates.api';
import { serverMessageOf } from '../../../../app/errorMessage';
import { TemplatePreview } from './TemplatePreview';

interface TFormValues {
  name: string;
  subject: string;
  htmlContent: string;
  textContent: string;
  variables: string[];
}

const VARIABLE_NAME = /^[A-Za-z0-9_]+$/;

function initialValues(template: TEmailTemplate | null): TFormValues {
  if (!template) return { name: '', subject: '', htmlContent: '', textContent: '', variables: [] };
  return { name: template.name, subject: template.subject, htmlContent: template.htmlContent, textContent: template.textContent, variables: [...template.variables] };
}

interface TEmailTemplateDialogProps {
  open: boolean;
  /** null creates a template. */
  template: TEmailTemplate | null;
  onClose: () => void;
}

/**
 * Create and edit a template (spec 03 s.5): name, subject, HTML and text content required (blank counts as
 * missing), variables an optional list of names; on edit the name is shown but cannot be changed and is not sent.
 * Beside the form, the HTML part in a sandboxed preview. Toasts of s.8.
 */
export function EmailTemplateDialog({ open, template, onClose }: TEmailTemplateDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [form] = Form.useForm<TFormValues>();
  const serverErrors = useFormServerErrors(form, ['name', 'subject', 'htmlContent', 'textContent', 'variables']);
  const action = template ? `template.update:${template.id}` : 'template.create';
  const html = (Form.useWatch('htmlContent', form) as string | undefined) ?? template?.htmlContent ?? '';
  const [createTemplate, createState] = useCreateEmailTemplateMutation();
  const [updateTemplate, updateState] = useUpdateEmailTemplateMutation();
  const editing = template !== null;
  const saving = createState.isLoading || updateState.isLoading;

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(initialValues(template));
    }
  }, [open, template, form]);

  const required = (message: string): Rule[] => [{ required: true, whitespace: true, message }];
  const variableRules: Rule[] = [
    {
      validator: (_rule, value: string[] | undefined) =>
        (value ?? []).every((name) => VARIABLE_NAME.test(name)) ? Promise.resolve() : Promise.reject(new Error(t('emailTemplates.validation.variableInvalid'))),
    },
  ];

  const save = async () => {
    let values: TFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const variables = values.variables ?? [];
    const content = { subject: values.subject.trim(), htmlContent: values.htmlContent, textContent: values.textContent };
    try {
      if (template) {
        await updateTemplate({ id: template.id, changes: { ...content, variables } }).unwrap();
        toast({ title: t('emailTemplates.toasts.updated'), action });
      } else {
        const input: TEmailTemplateInput = { name: values.name.trim(), ...content };
        // Left out, the server takes the variables from the tags the template uses.
        if (variables.length > 0) input.variables = variables;
        await createTemplate(input).unwrap();
        toast({ title: t('emailTemplates.toasts.created'), action });
      }
      onClose();
    } catch (error) {
      if (serverErrors.showServerError(error)) {
        toast.dismiss(action);
        return;
      }
      toast({
        action,
        title: t(editing ? 'emailTemplates.toasts.updateFailed' : 'emailTemplates.toasts.createFailed'),
        description: serverMessageOf(error) ?? t(editing ? 'emailTemplates.toasts.updateFailedDescription' : 'emailTemplates.toasts.createFailedDescription'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Modal
      open={open}
      title={t(editing ? 'emailTemplates.dialog.editTitle' : 'emailTemplates.dialog.createTitle')}
      onCancel={onClose}
      width={1040}
      forceRender
      footer={
        <div className="dialog-footer">
          <Button onClick={onClose}>{t('emailTemplates.dialog.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="email-template-save">
            {t(editing ? 'emailTemplates.dialog.save' : 'emailTemplates.dialog.create')}
          </Button>
        </div>
      }
    >
      <div className="email-template-dialog">
        <Form form={form} layout="vertical" initialValues={initialValues(template)} requiredMark className="email-template-form" onValuesChange={serverErrors.onValuesChange}>
          <Form.Item name="name" label={t('emailTemplates.fields.name')} rules={editing ? [] : required(t('emailTemplates.validation.nameRequired'))} extra={editing ? t('emailTemplates.dialog.nameReadOnly') : undefined} required>
            <Input disabled={editing} readOnly={editing} maxLength={100} autoComplete="off" />
          </Form.Item>
          <Form.Item name="subject" label={t('emailTemplates.fields.subject')} rules={required(t('emailTemplates.validation.subjectRequired'))} required>
            <Input maxLength={300} autoComplete="off" />
          </Form.Item>
          <Form.Item name="htmlContent" label={t('emailTemplates.fields.htmlContent')} rules={required(t('emailTemplates.validation.htmlContentRequired'))} required>
            <Input.TextArea className="code-input" autoSize={{ minRows: 6, maxRows: 14 }} spellCheck={false} />
          </Form.Item>
          <Form.Item name="textContent" label={t('emailTemplates.fields.textContent')} rules={required(t('emailTemplates.validation.textContentRequired'))} required>
            <Input.TextArea className="code-input" autoSize={{ minRows: 4, maxRows: 10 }} spellCheck={false} />
          </Form.Item>
          <Form.Item name="variables" label={t('emailTemplates.fields.variables')} rules={variableRules} extra={t('emailTemplates.dialog.variablesHint')}>
            <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ' ']} placeholder={t('emailTemplates.dialog.variablesPlaceholder')} aria-label={t('emailTemplates.fields.variables')} />
          </Form.Item>
        </Form>
        <TemplatePreview html={html} />
      </div>
    </Modal>
  );
}
