/**
 * Developer test pages (spec 01 s.2). Loaded only in development builds: the router imports this module behind
 * import.meta.env.DEV, so production bundles do not contain it.
 */
import { Alert, Button, Card, Space, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { endSession } from '../../features/session/endSession';
import { sessionApi } from '../../features/session/session.api';
import { readToken } from '../../features/session/session.storage';

const DEMO_REDIRECT_MS = 3000;

function DevFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="dev-page">
      <Alert type="warning" showIcon title={t('dev.banner')} />
      <Card title={title} style={{ marginTop: 16 }}>
        {children}
      </Card>
    </div>
  );
}

function randomWorker() {
  const id = Math.random().toString(36).slice(2, 10);
  return { email: `dev-${id}@example.test`, password: `Dev-${id}-pass`, firstName: 'Dev', lastName: `Tester ${id}` };
}

export function AuthTestPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const session = useAppSelector((s) => s.session);
  const [redirecting, setRedirecting] = useState(false);
  useEffect(() => {
    if (!redirecting) return;
    const timer = setTimeout(() => navigate('/'), DEMO_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [redirecting, navigate]);
  return (
    <DevFrame title={t('dev.authTest')}>
      <Typography.Paragraph>{t('dev.status', { status: session.status })}</Typography.Paragraph>
      <Typography.Paragraph>{t('dev.user', { user: session.user ? `${session.user.email} (${session.user.role})` : '-' })}</Typography.Paragraph>
      <Typography.Paragraph>{t('dev.token', { stored: String(readToken() !== null) })}</Typography.Paragraph>
      <Space wrap>
        <Button danger onClick={() => endSession(dispatch)}>
          {t('dev.forceLogout')}
        </Button>
        <Button onClick={() => setRedirecting(true)} disabled={redirecting}>
          {redirecting ? t('dev.redirecting') : t('dev.redirectDemo')}
        </Button>
      </Space>
    </DevFrame>
  );
}

export function RegistrationTestPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [result, setResult] = useState('-');
  const run = async () => {
    const worker = randomWorker();
    const response = await dispatch(sessionApi.endpoints.register.initiate({ ...worker, confirmPassword: worker.password }));
    setResult(JSON.stringify(response.data ?? response.error, null, 2));
  };
  return (
    <DevFrame title={t('dev.registrationTest')}>
      <Button onClick={() => void run()}>{t('dev.registerRandom')}</Button>
      <pre className="dev-output">{t('dev.result', { result })}</pre>
    </DevFrame>
  );
}

export function AuthFlowTestPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [log, setLog] = useState<string[]>([]);
  const run = async () => {
    const worker = randomWorker();
    const lines: string[] = [];
    const note = (line: string) => {
      lines.push(line);
      setLog([...lines]);
    };
    const registered = await dispatch(sessionApi.endpoints.register.initiate({ ...worker, confirmPassword: worker.password }));
    note(`register: ${registered.error ? JSON.stringify(registered.error) : 'ok'}`);
    const loggedIn = await dispatch(sessionApi.endpoints.login.initiate({ email: worker.email, password: worker.password }));
    note(`login: ${loggedIn.error ? JSON.stringify(loggedIn.error) : 'ok'}`);
  };
  return (
    <DevFrame title={t('dev.authFlowTest')}>
      <Typography.Paragraph>{t('dev.steps')}</Typography.Paragraph>
      <Button onClick={() => void run()}>{t('dev.runFlow')}</Button>
      <pre className="dev-output">{log.join('\n')}</pre>
    </DevFrame>
  );
}

/** /test-referral-flow.html: the static page of the same name (served by the development server only). */
export function TestReferralFlowRedirect() {
  useEffect(() => {
    window.location.replace('/test-referral-flow.html');
  }, []);
  return null;
}
