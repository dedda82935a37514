import { Alert, Button, Form, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { errorMessageOf } from '../../app/errorMessage';
import { useFormServerErrors } from '../../components/forms/useFormServerErrors';
import { useToast } from '../../components/toast';
import { readReferralSource, type TReferralProblem } from '../../features/referral/referralSource';
import { useRegisterMutation } from '../../features/session/session.api';
import { useSignIn } from '../../features/session/useSignIn';
import { AuthLayout } from '../../layouts/AuthLayout';

export const PASSWORD_MIN_LENGTH = 6;

interface TRegisterForm {
  firstName: string;
  lastName: string;
  email: string;
  telegramUsername?: string;
  password: string;
  confirmPassword: string;
}

export function RegisterPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [register, { isLoading }] = useRegisterMutation();
  const signIn = useSignIn();
  const [navigating, setNavigating] = useState(false);
  const referralSource = useMemo(() => readReferralSource(), []);
  const referralProblem = (useLocation().state as { referralProblem?: TReferralProblem } | null)?.referralProblem;
  const [form] = Form.useForm<TRegisterForm>();
  const serverErrors = useFormServerErrors(form, ['email', 'firstName', 'lastName', 'telegramUsername', 'password', 'confirmPassword']);

  const onFinish = async (values: TRegisterForm) => {
    const telegram = values.telegramUsername?.trim();
    try {
      const response = await register({
        email: values.email.trim(),
        password: values.password,
        // Spec 01 s.5: the screen sends confirmPassword equal to the password (the form has checked they match).
        confirmPassword: values.password,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        ...(telegram ? { telegramUsername: telegram } : {}),
        ...(referralSource ? { referralSource } : {}),
        // The interface's language is the language of the new user's e-mails (issue 28).
        language: i18n.language === 'ru' ? 'ru' : 'en',
      }).unwrap();
      toast({ title: t('auth.register.successTitle', { name: t('app.name') }), description: t('auth.register.successDescription'), action: 'auth.register' });
      setNavigating(true);
      await signIn(response, '/');
    } catch (error) {
      setNavigating(false);
      // A taken e-mail (or any refused field) is shown under the field, the form kept as typed.
      if (serverErrors.showServerError(error)) {
        toast.dismiss('auth.register');
        return;
      }
      toast({
        title: t('auth.register.failureTitle'),
        description: errorMessageOf(error) ?? t('auth.register.failureDescription'),
        variant: 'destructive',
        action: 'auth.register',
      });
    }
  };

  return (
    <AuthLayout title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      {referralProblem && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="referral-problem"
          title={t(referralProblem.reason === 'invalid' ? 'auth.register.referralInvalid' : 'auth.register.referralUnchecked', { code: referralProblem.code })}
          description={referralSource && referralSource !== referralProblem.code ? t('auth.register.referralKept', { code: referralSource }) : undefined}
        />
      )}
      {referralSource && !referralProblem && <p className="muted small">{t('auth.register.invitedWith', { code: referralSource })}</p>}
      <Form<TRegisterForm>
        form={form}
        noValidate
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        onValuesChange={serverErrors.onValuesChange}
        validateTrigger="onSubmit"
        size="large"
      >
        <div className="form-grid-2">
          <Form.Item label={t('auth.register.firstName')} name="firstName" rules={[{ required: true, whitespace: true, message: t('auth.register.firstNameRequired') }]}>
            <Input autoComplete="given-name" />
          </Form.Item>
          <Form.Item label={t('auth.register.lastName')} name="lastName" rules={[{ required: true, whitespace: true, message: t('auth.register.lastNameRequired') }]}>
            <Input autoComplete="family-name" />
          </Form.Item>
        </div>
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
        <Form.Item label={t('auth.register.telegram')} name="telegramUsername">
          <Input autoComplete="off" placeholder={t('auth.register.telegramPlaceholder')} />
        </Form.Item>
        <Form.Item
          label={t('auth.password')}
          name="password"
          rules={[
            { required: true, message: t('auth.passwordRequired') },
            { min: PASSWORD_MIN_LENGTH, message: t('auth.passwordMin') },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={t('auth.register.confirmPassword')}
          name="confirmPassword"
          dependencies={['password']}
          rules={[
            { required: true, message: t('auth.register.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('auth.register.passwordsDontMatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isLoading || navigating}>
          {t('auth.register.submit')}
        </Button>
      </Form>
      <p className="auth-switch">
        {t('auth.register.haveAccount')} <Link to="/login">{t('auth.register.login')}</Link>
      </p>
    </AuthLayout>
  );
}
