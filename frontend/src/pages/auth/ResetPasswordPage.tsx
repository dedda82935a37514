import { Button, Form, Input, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { StatusMessage } from '../../components/StatusMessage';
import { useToast } from '../../components/toast';
import { useResetPasswordMutation, useValidateResetTokenMutation } from '../../features/session/session.api';
import { AuthLayout } from '../../layouts/AuthLayout';
import { PASSWORD_MIN_LENGTH } from './RegisterPage';

interface TResetForm {
  newPassword: string;
  confirmPassword: string;
}

type TStage = { kind: 'checking' } | { kind: 'form'; email?: string } | { kind: 'done' } | { kind: 'missing' };

/** Spec 01 s.2 and s.4: token from the query, checked first; a form with show/hide toggles; then a success screen. */
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

  const onFinish = async ({ newPassword }: TResetForm) => {
    try {
      await resetPassword({ token, newPassword }).unwrap();
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
            <Link to="/forgot-password">
              <Button type="primary">{t('auth.reset.requestNew')}</Button>
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
          <Spin />
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
            <Link to="/login">
              <Button type="primary">{t('auth.reset.goToLogin')}</Button>
            </Link>
          }
        />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('auth.reset.title')} {...(stage.email ? { subtitle: t('auth.reset.forEmail', { email: stage.email }) } : {})}>
      <Form<TResetForm> noValidate layout="vertical" requiredMark={false} onFinish={onFinish} validateTrigger="onSubmit" size="large">
        <Form.Item
          label={t('auth.reset.newPassword')}
          name="newPassword"
          rules={[
            { required: true, message: t('auth.reset.newRequired') },
            { min: PASSWORD_MIN_LENGTH, message: t('auth.passwordMin') },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={t('auth.reset.confirmPassword')}
          name="confirmPassword"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('auth.reset.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                !value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('auth.reset.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isLoading}>
          {t('auth.reset.submit')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
