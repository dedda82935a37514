import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { errorMessageOf } from '../../app/errorMessage';
import { EMAIL_PATTERN, PasswordField, SubmitButton, TextField, usePlainForm } from '../../components/forms/PlainFields';
import { useToast } from '../../components/toast';
import { readReferralSource, type TReferralProblem } from '../../features/referral/referralSource';
import { useRegisterMutation } from '../../features/session/session.api';
import { useSignIn } from '../../features/session/useSignIn';
import { AuthLayout } from '../../layouts/AuthLayout';
import { useAppName } from '../../features/branding/useAppName';

export const PASSWORD_MIN_LENGTH = 6;

const FIELDS = ['email', 'firstName', 'lastName', 'telegramUsername', 'password', 'confirmPassword'] as const;

/** Plain elements, no antd (issue 27). */
export function RegisterPage() {
  const { t, i18n } = useTranslation();
  const appName = useAppName();
  const toast = useToast();
  const [register, { isLoading }] = useRegisterMutation();
  const signIn = useSignIn();
  const [navigating, setNavigating] = useState(false);
  const referralSource = useMemo(() => readReferralSource(), []);
  const referralProblem = (useLocation().state as { referralProblem?: TReferralProblem } | null)?.referralProblem;
  const form = usePlainForm({ firstName: '', lastName: '', email: '', telegramUsername: '', password: '', confirmPassword: '' });
  const busy = isLoading || navigating;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const valid = form.validate({
      firstName: (value) => (!value.trim() ? t('auth.register.firstNameRequired') : undefined),
      lastName: (value) => (!value.trim() ? t('auth.register.lastNameRequired') : undefined),
      email: (value) => (!value.trim() || !EMAIL_PATTERN.test(value.trim()) ? t('auth.emailInvalid') : undefined),
      password: (value) => (!value ? t('auth.passwordRequired') : value.length < PASSWORD_MIN_LENGTH ? t('auth.passwordMin') : undefined),
      confirmPassword: (value, all) => (!value ? t('auth.register.confirmRequired') : value !== all.password ? t('auth.register.passwordsDontMatch') : undefined),
    });
    if (!valid) return;
    const values = form.values;
    const telegram = values.telegramUsername.trim();
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
      toast({ title: t('auth.register.successTitle', { name: appName }), description: t('auth.register.successDescription'), action: 'auth.register' });
      setNavigating(true);
      await signIn(response, '/');
    } catch (error) {
      setNavigating(false);
      // A taken e-mail (or any refused field) is shown under the field, the form kept as typed.
      if (form.showServerError(error, FIELDS)) {
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
        <div className="auth-notice" role="status" data-testid="referral-problem">
          <strong>{t(referralProblem.reason === 'invalid' ? 'auth.register.referralInvalid' : 'auth.register.referralUnchecked', { code: referralProblem.code })}</strong>
          {referralSource && referralSource !== referralProblem.code && <div>{t('auth.register.referralKept', { code: referralSource })}</div>}
        </div>
      )}
      {referralSource && !referralProblem && <p className="muted small">{t('auth.register.invitedWith', { code: referralSource })}</p>}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="form-grid-2">
          <TextField label={t('auth.register.firstName')} autoComplete="given-name" value={form.values.firstName} onValueChange={form.change('firstName')} error={form.errors.firstName} />
          <TextField label={t('auth.register.lastName')} autoComplete="family-name" value={form.values.lastName} onValueChange={form.change('lastName')} error={form.errors.lastName} />
        </div>
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
        <TextField
          label={t('auth.register.telegram')}
          autoComplete="off"
          placeholder={t('auth.register.telegramPlaceholder')}
          value={form.values.telegramUsername}
          onValueChange={form.change('telegramUsername')}
          error={form.errors.telegramUsername}
        />
        <PasswordField label={t('auth.password')} autoComplete="new-password" value={form.values.password} onValueChange={form.change('password')} error={form.errors.password} />
        <PasswordField
          label={t('auth.register.confirmPassword')}
          autoComplete="new-password"
          value={form.values.confirmPassword}
          onValueChange={form.change('confirmPassword')}
          error={form.errors.confirmPassword}
        />
        <SubmitButton busy={busy}>{t('auth.register.submit')}</SubmitButton>
      </form>
      <p className="auth-switch">
        {t('auth.register.haveAccount')} <Link to="/login">{t('auth.register.login')}</Link>
      </p>
    </AuthLayout>
  );
}
