import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorMessageOf } from '../../app/errorMessage';
import { useFormServerErrors } from '../../components/forms/useFormServerErrors';
import { useToast } from '../../components/toast';
import { useLoginMutation } from '../../features/session/session.api';
import { takeSignOutReason } from '../../features/session/signOutReason';
import { useSignIn } from '../../features/session/useSignIn';
import { AuthLayout } from '../../layouts/AuthLayout';

interface TLoginForm {
  email: string;
  password: string;
}

export function LoginPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [login, { isLoading }] = useLoginMutation();
  const signIn = useSignIn();
  const [navigating, setNavigating] = useState(false);
  const [form] = Form.useForm<TLoginForm>();
  const serverErrors = useFormServerErrors(form, ['email', 'password']);
  // Sent here because the account was banned or deleted: say so (once).
  const [signOutReason] = useState(takeSignOutReason);

  const onFinish = async (values: TLoginForm) => {
    try {
      const response = await login({ email: values.email.trim(), password: values.password }).unwrap();
      // Replaces an earlier 'Login failed'.
      toast({ title: t('auth.login.successTitle'), description: t('auth.login.successDescription'), action: 'auth.login' });
      setNavigating(true);
      await signIn(response);
    } catch (error) {
      setNavigating(false);
      if (serverErrors.showServerError(error)) {
        toast.dismiss('auth.login');
        return;
      }
      // Wrong e-mail or password belongs to no single field (spec 01 s.8: the 'Login failed' toast).
      toast({
        title: t('auth.login.failureTitle'),
        description: errorMessageOf(error) ?? t('auth.login.failureDescription'),
        variant: 'destructive',
        action: 'auth.login',
      });
    }
  };

  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      {signOutReason && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={t(`users.signedOut.${signOutReason}`)} data-testid="sign-out-reason" />}
      <Form<TLoginForm>
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
            { required: true, whitespace: true, message: t('auth.emailInvalid') },
            { type: 'email', message: t('auth.emailInvalid') },
          ]}
        >
          <Input type="email" autoComplete="email" inputMode="email" placeholder={t('auth.emailPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('auth.password')} name="password" rules={[{ required: true, message: t('auth.passwordRequired') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <div className="form-row-end">
          <Link to="/forgot-password">{t('auth.login.forgot')}</Link>
        </div>
        <Button type="primary" htmlType="submit" block loading={isLoading || navigating}>
          {t('auth.login.submit')}
        </Button>
      </Form>
      <p className="auth-switch">
        {t('auth.login.noAccount')} <Link to="/register">{t('auth.login.register')}</Link>
      </p>
    </AuthLayout>
  );
}
