import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorMessageOf } from '../../app/errorMessage';
import { EMAIL_PATTERN, PasswordField, SubmitButton, TextField, usePlainForm } from '../../components/forms/PlainFields';
import { useToast } from '../../components/toast';
import { useLoginMutation } from '../../features/session/session.api';
import { forgetSignOutReason, readSignOutReason } from '../../features/session/signOutReason';
import { useSignIn } from '../../features/session/useSignIn';
import { AuthLayout } from '../../layouts/AuthLayout';

/** Plain elements, no antd (issue 27): the first screen of a phone that is not signed in. */
export function LoginPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [login, { isLoading }] = useLoginMutation();
  const signIn = useSignIn();
  const [navigating, setNavigating] = useState(false);
  const form = usePlainForm({ email: '', password: '' });
  // Sent here because the account was banned or deleted: say so (once).
  const [signOutReason] = useState(readSignOutReason);
  useEffect(forgetSignOutReason, []);
  const busy = isLoading || navigating;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const valid = form.validate({
      email: (value) => (!value.trim() || !EMAIL_PATTERN.test(value.trim()) ? t('auth.emailInvalid') : undefined),
      password: (value) => (!value ? t('auth.passwordRequired') : undefined),
    });
    if (!valid) return;
    try {
      const response = await login({ email: form.values.email.trim(), password: form.values.password }).unwrap();
      // Replaces an earlier 'Login failed'.
      toast({ title: t('auth.login.successTitle'), description: t('auth.login.successDescription'), action: 'auth.login' });
      setNavigating(true);
      await signIn(response);
    } catch (error) {
      setNavigating(false);
      if (form.showServerError(error, ['email', 'password'])) {
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
      {signOutReason && (
        <div className="form-alert" role="alert" data-testid="sign-out-reason">
          {t(`users.signedOut.${signOutReason}`)}
        </div>
      )}
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
        <PasswordField label={t('auth.password')} autoComplete="current-password" value={form.values.password} onValueChange={form.change('password')} error={form.errors.password} />
        <div className="form-row-end">
          <Link to="/forgot-password">{t('auth.login.forgot')}</Link>
        </div>
        <SubmitButton busy={busy}>{t('auth.login.submit')}</SubmitButton>
      </form>
      <p className="auth-switch">
        {t('auth.login.noAccount')} <Link to="/register">{t('auth.login.register')}</Link>
      </p>
      <p className="auth-switch small">
        <Link to="/trust" data-testid="trust-link">
          {t('trust.link')}
        </Link>
      </p>
    </AuthLayout>
  );
}
