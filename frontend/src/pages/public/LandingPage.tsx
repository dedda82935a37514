import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Panel } from '../../components/Panel';
import { EXIT_REFERRAL_FLAG } from '../../features/referral/referralSource';
import { AUTH_USER_KEY } from '../../features/session/session.storage';
import { useSignOut } from '../../features/session/useSignOut';

export const LANDING_TEMPLATES = ['crypto-gaming', 'professional-tester'] as const;
export type TLandingTemplate = (typeof LANDING_TEMPLATES)[number];

export function toLandingTemplate(name: string | null | undefined): TLandingTemplate {
  return name === 'professional-tester' ? 'professional-tester' : 'crypto-gaming';
}

function storedEmail(): string | null {
  try {
    const raw = localStorage.getItem(AUTH_USER_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return typeof parsed === 'object' && parsed !== null && typeof (parsed as { email?: unknown }).email === 'string' ? (parsed as { email: string }).email : null;
  } catch {
    return null;
  }
}

/**
 * The built-in landing templates (spec 01 s.2). Live platform figures and admin-edited copy come with the referral
 * service; until then the page says only what is true for every task.
 */
export function LandingPage({ template }: { template: TLandingTemplate }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const signedIn = useAppSelector((s) => s.session.status === 'signedIn');
  const email = storedEmail();

  const leaveReferralMode = (to: string) => {
    sessionStorage.setItem(EXIT_REFERRAL_FLAG, '1');
    navigate(to);
  };

  return (
    <div className="landing-page">
      <header className="landing-header">
        <span className="landing-brand">
          <img src="/icons/icon-192.png" alt="" width={28} height={28} />
          {t('app.name')}
        </span>
        <span className="landing-actions">
          {email ? (
            <>
              <Button type="link" onClick={() => leaveReferralMode('/')}>
                {t('landing.dashboard')}
              </Button>
              <Button onClick={() => void signOut()}>{t('landing.logout')}</Button>
            </>
          ) : (
            // One way in: 'Sign In' and 'Login' side by side were the same action twice.
            <Button onClick={() => leaveReferralMode('/login')}>{t('landing.signIn')}</Button>
          )}
        </span>
      </header>
      <main className="landing-main">
        <h1 className="landing-title">{t(`landing.${template}.title`)}</h1>
        <p className="landing-intro">{t(`landing.${template}.intro`)}</p>
        <Button type="primary" size="large" onClick={() => leaveReferralMode(signedIn ? '/' : '/register')}>
          {t('landing.apply')}
        </Button>
        <Panel className="landing-card" title={t('landing.howPaidTitle')}>
          <p style={{ margin: 0 }}>{t('landing.howPaid')}</p>
        </Panel>
        <p className="muted">{t('landing.figuresSoon')}</p>
        <LanguageSwitch size="small" />
      </main>
    </div>
  );
}
