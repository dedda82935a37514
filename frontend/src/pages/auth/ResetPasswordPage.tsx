import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Spinner } from '../../components/FullPageSpinner';
import { StatusMessage } from '../../components/StatusMessage';
import { PasswordField, SubmitButton, usePlainForm } from '../../components/forms/PlainFields';
import { useToast } from '../../components/toast';
import { useResetPasswordMutation, useValidateResetTokenMutation } from '../../features/session/session.api';
import { AuthLayout } from '../../layouts/AuthLayout';
import { PASSWORD_MIN_LENGTH } from './RegisterPage';

type TStage = { kind: 'checking' } | { kind: 'form'; email?: string } | { kind: 'done' } | { kind: 'missing' };

/**
 * Spec 01 s.2 and s.4: token from the query, checked first; a form with show/hide toggles; then a success screen.
 * Plain elements, no antd (issue 27).
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [stage, setStage] = useState<TStage>(token ? { kind: 'checking' } : { kind: 'missing' });
  const [validateToken] = useValidateResetTokenMutation();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const checked = useRef<string | null>(null);
  const form = usePlainForm({ newPassword: '', confirmPassword: '' });

  useEffect(() => {
    if (!token || checked.current === token) return;
    checked.current = token;
    validateToken({ token })
      .unwrap()
      .then((result) => {
        if (!result.valid) throw new Error('invalid');
        setStage({ kind: 'form', ...(result.email ? { email: result.email } : {}) });
      })
      .catch(() => {
        toast({ title: t('auth.reset.invalidTitle'), description: t('auth.reset.invalidDescription'), variant: 'destructive' });
        navigate('/forgot-password', { replace: true });
      });
  }, [token, validateToken, toast, t, navigate]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const valid = form.validate({
      newPassword: (value) => (!value ? t('auth.reset.newRequired') : value.length < PASSWORD_MIN_LENGTH ? t('auth.passwordMin') : undefined),
      confirmPassword: (value, all) => (!value ? t('auth.reset.confirmRequired') : value !== all.newPassword ? t('auth.reset.mismatch') : undefined),
    });
    if (!valid) return;
    try {
      await resetPassword({ token, newPassword: form.values.newPassword }).unwrap();
      toast.dismiss('auth.reset');
      setStage({ kind: 'done' });
    } catch {
      toast({ title: t('common.error'), description: t('auth.reset.failure'), variant: 'destructive', action: 'auth.reset' });
    }
  };

  if (stage.kind === 'missing') {
    return (
      <AuthLayout>
        <StatusMessage
          kind="warning"
          title={t('auth.reset.tokenMissing')}
          extra={
            <Link to="/forgot-password" className="button-primary">
              {t('auth.reset.requestNew')}
            </Link>
          }
        />
      </AuthLayout>
    );
  }
  if (stage.kind === 'checking') {
    return (
      <AuthLayout>
        <div className="center-block" role="status">
          <Spinner />
          <p className="muted">{t('auth.reset.checking')}</p>
        </div>
      </AuthLayout>
    );
  }
  if (stage.kind === 'done') {
    return (
      <AuthLayout>
        <StatusMessage
          kind="success"
          title={t('auth.reset.successTitle')}
          text={t('auth.reset.successDescription')}
          extra={
            <Link to="/login" className="button-primary">
              {t('auth.reset.goToLogin')}
            </Link>
          }
        />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('auth.reset.title')} {...(stage.email ? { subtitle: t('auth.reset.forEmail', { email: stage.email }) } : {})}>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <PasswordField
          label={t('auth.reset.newPassword')}
          autoComplete="new-password"
          value={form.values.newPassword}
          onValueChange={form.change('newPassword')}
          error={form.errors.newPassword}
        />
        <PasswordField
          label={t('auth.reset.confirmPassword')}
          autoComplete="new-password"
          value={form.values.confirmPassword}
          onValueChange={form.change('confirmPassword')}
          error={form.errors.confirmPassword}
        />
        <SubmitButton busy={isLoading}>{t('auth.reset.submit')}</SubmitButton>
      </form>
    </AuthLayout>
  );
}
