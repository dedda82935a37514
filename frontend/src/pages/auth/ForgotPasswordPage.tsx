import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { StatusMessage } from '../../components/StatusMessage';
import { useFormServerErrors } from '../../components/forms/useFormServerErrors';
import { useToast } from '../../components/toast';
import { useForgotPasswordMutation } from '../../features/session/session.api';
import { AuthLayout } from '../../layouts/AuthLayout';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [form] = Form.useForm<{ email: string }>();
  const serverErrors = useFormServerErrors(form, ['email']);

  const onFinish = async ({ email }: { email: string }) => {
    try {
      await forgotPassword({ email: email.trim() }).unwrap();
      toast.dismiss('auth.forgot');
      setSentTo(email.trim());
    } catch (error) {
      if (serverErrors.showServerError(error)) {
        toast.dismiss('auth.forgot');
        return;
      }
      toast({ title: t('common.error'), description: t('auth.forgot.failure'), variant: 'destructive', action: 'auth.forgot' });
    }
  };

  if (sentTo !== null) {
    return (
      <AuthLayout>
        <StatusMessage
          kind="mail"
          title={t('auth.forgot.sentTitle')}
          text={t('auth.forgot.sentDescription', { email: sentTo })}
          extra={
            <Link to="/login">
              <Button type="primary">{t('auth.forgot.backToLogin')}</Button>
            </Link>
          }
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth.forgot.title')} subtitle={t('auth.forgot.intro')}>
      <Form<{ email: string }>
        form={form}
        noValidate
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        onValuesChange={serverErrors.onValuesChange}
        validateTrigger="onSubmit"
        size="large"
      >
        <Form.Item
          label={t('auth.email')}
          name="email"
          rules={[
            { required: true, whitespace: true, message: t('auth.forgot.emailRequired') },
            { type: 'email', message: t('auth.emailInvalid') },
          ]}
        >
          <Input type="email" autoComplete="email" inputMode="email" placeholder={t('auth.emailPlaceholder')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isLoading}>
          {t('auth.forgot.submit')}
        </Button>
      </Form>
      <p className="auth-switch">
        <Link to="/login">{t('auth.forgot.backToLogin')}</Link>
      </p>
    </AuthLayout>
  );
}
