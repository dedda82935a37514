import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { StatusMessage } from '../../components/StatusMessage';
import { EMAIL_PATTERN, SubmitButton, TextField, usePlainForm } from '../../components/forms/PlainFields';
import { useToast } from '../../components/toast';
import { useForgotPasswordMutation } from '../../features/session/session.api';
import { AuthLayout } from '../../layouts/AuthLayout';

/** Plain elements, no antd (issue 27). */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = usePlainForm({ email: '' });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const valid = form.validate({
      email: (value) => (!value.trim() ? t('auth.forgot.emailRequired') : !EMAIL_PATTERN.test(value.trim()) ? t('auth.emailInvalid') : undefined),
    });
    if (!valid) return;
    const email = form.values.email.trim();
    try {
      await forgotPassword({ email }).unwrap();
      toast.dismiss('auth.forgot');
      setSentTo(email);
    } catch (error) {
      if (form.showServerError(error, ['email'])) {
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
            <Link to="/login" className="button-primary">
              {t('auth.forgot.backToLogin')}
            </Link>
          }
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth.forgot.title')} subtitle={t('auth.forgot.intro')}>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('auth.emailPlaceholder')}
          value={form.values.email}
          onValueChange={form.change('email')}
          error={form.errors.email}
        />
        <SubmitButton busy={isLoading}>{t('auth.forgot.submit')}</SubmitButton>
      </form>
      <p className="auth-switch">
        <Link to="/login">{t('auth.forgot.backToLogin')}</Link>
      </p>
    </AuthLayout>
  );
}
