import type { TLandingPage, TReferralLink } from '@platform/contracts';
import { Checkbox, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/dialogs/FormDialog';
import { useCreateReferralLinkMutation, useUpdateReferralLinkMutation } from '../../../../features/referral/referral.admin.api';

interface TLinkFormValues {
  code: string;
  name: string;
  description: string;
  landingPageId: string | undefined;
  isActive: boolean;
}

/**
 * Create and edit a referral link (spec 03: name and landing page required, 'Please fill in required fields'; the
 * code is optional and generated when empty, and cannot be changed afterwards).
 */
/** A landing page a link may point to (the active ones, and a link's own page). */
export type TLandingChoice = Pick<TLandingPage, 'id' | 'name' | 'displayName'>;

export function LinkFormDialog({ open, link, pages, onClose }: { open: boolean; link: TReferralLink | null; pages: TLandingChoice[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TLinkFormValues>();
  const [createLink] = useCreateReferralLinkMutation();
  const [updateLink] = useUpdateReferralLinkMutation();
  const action = link ? `referral.update:${link.id}` : 'referral.create';

  useEffect(() => {
    if (open) {
      form.setFieldsValue({
        code: link?.code ?? '',
        name: link?.name ?? '',
        description: link?.description ?? '',
        landingPageId: link?.landingPageId ?? pages[0]?.id,
        isActive: link?.isActive ?? true,
      });
    }
  }, [open, link, pages, form]);

  const save = async (values: TLinkFormValues) => {
    const description = values.description.trim() === '' ? null : values.description.trim();
    if (link) await updateLink({ id: link.id, changes: { name: values.name.trim(), description, landingPageId: values.landingPageId, isActive: values.isActive } }).unwrap();
    else await createLink({ code: values.code.trim() || null, name: values.name.trim(), description, landingPageId: values.landingPageId ?? '', isActive: values.isActive }).unwrap();
  };

  const required = t('referrals.admin.toasts.required');
  return (
    <FormDialog<TLinkFormValues, keyof TLinkFormValues>
      open={open}
      title={t(link ? 'referrals.admin.editTitle' : 'referrals.admin.createTitle')}
      form={form}
      fields={['code', 'name', 'description', 'landingPageId', 'isActive']}
      initialValues={{ code: '', name: '', description: '', isActive: true }}
      onSubmit={save}
      savedTitle={t(link ? 'referrals.admin.toasts.updated' : 'referrals.admin.toasts.created')}
      failedTitle={t(link ? 'referrals.admin.toasts.updateFailed' : 'referrals.admin.toasts.createFailed')}
      invalidTitle={required}
      toastKey={action}
      onClose={onClose}
      submitTestId="referral-save"
    >
      <Form.Item name="name" label={t('referrals.admin.fields.name')} rules={[{ required: true, whitespace: true, message: required }]}>
        <Input maxLength={100} data-testid="referral-name" />
      </Form.Item>
      <Form.Item name="code" label={t('referrals.admin.fields.code')} extra={link ? undefined : t('referrals.admin.fields.codeHint')}>
        <Input maxLength={32} disabled={Boolean(link)} data-testid="referral-code" />
      </Form.Item>
      <Form.Item name="landingPageId" label={t('referrals.admin.fields.landingPage')} rules={[{ required: true, message: required }]}>
        <Select options={pages.map((page) => ({ value: page.id, label: `${page.displayName} (${page.name})` }))} data-testid="referral-landing" />
      </Form.Item>
      <Form.Item name="description" label={t('referrals.admin.fields.description')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />
      </Form.Item>
      <Form.Item name="isActive" valuePropName="checked">
        <Checkbox>{t('referrals.admin.fields.isActive')}</Checkbox>
      </Form.Item>
    </FormDialog>
  );
}
