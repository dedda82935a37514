import type { TLandingContent, TPublicFigures } from '@platform/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { durationParts } from '../../app/duration';
import { useFormat } from '../../app/format';
import { useAppSelector } from '../../app/hooks';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Panel } from '../../components/Panel';
import { usePublicFiguresQuery, usePublicLandingPageQuery } from '../../features/referral/referral.api';
import { EXIT_REFERRAL_FLAG } from '../../features/referral/referralSource';
import { AUTH_USER_KEY } from '../../features/session/session.storage';
import { useSignOut } from '../../features/session/useSignOut';
import { LANDING_TEMPLATES, toLandingTemplate, type TLandingTemplate } from './landingTemplates';
import './landing.css';
import { useAppName } from '../../features/branding/useAppName';

export { LANDING_TEMPLATES, toLandingTemplate, type TLandingTemplate };

function storedEmail(): string | null {
  try {
    const raw = localStorage.getItem(AUTH_USER_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return typeof parsed === 'object' && parsed !== null && typeof (parsed as { email?: unknown }).email === 'string' ? (parsed as { email: string }).email : null;
  } catch {
    return null;
  }
}

export { durationParts };

/** The live figures of 00-product.md, computed by the platform (GET /api/public/figures), with their time. */
function LiveFigures() {
  const { t } = useTranslation();
  const format = useFormat();
  const { data, isError, isLoading } = usePublicFiguresQuery();
  const duration = (seconds: number): string => {
    const parts = durationParts(seconds);
    if (parts.unit === 'minutes') return t('referrals.landing.minutes', { count: parts.count });
    if (parts.unit === 'hours') return t('referrals.landing.hours', { hours: parts.hours, minutes: parts.minutes });
    return t('referrals.landing.days', { count: parts.count, hours: parts.hours });
  };
  const tiles = (figures: TPublicFigures) => [
    { key: 'tasks', label: t('referrals.landing.tasksCompleted'), value: format.count(figures.tasksCompletedLast30Days) },
    { key: 'workers', label: t('referrals.landing.workersPaid'), value: format.count(figures.workersPaidLast30Days) },
    { key: 'reward', label: t('referrals.landing.medianReward'), value: figures.medianReward === null ? null : format.money(figures.medianReward) },
    { key: 'payout', label: t('referrals.landing.medianPayout'), value: figures.medianPayoutSeconds === null ? null : duration(figures.medianPayoutSeconds) },
  ];
  return (
    <Panel className="landing-card" title={t('referrals.landing.figuresTitle')} testId="landing-figures">
      {isLoading && <p className="muted">{t('referrals.landing.figuresLoading')}</p>}
      {isError && <p className="muted">{t('referrals.landing.figuresFailed')}</p>}
      {data && (
        <>
          <dl className="landing-figures">
            {tiles(data).map((tile) => (
              <div key={tile.key} className="landing-figure" data-testid={`figure-${tile.key}`}>
                <dt className="muted small">{tile.label}</dt>
                <dd className={tile.value === null ? 'landing-figure-value muted' : 'landing-figure-value'}>{tile.value ?? t('referrals.landing.notEnoughData')}</dd>
              </div>
            ))}
          </dl>
          <p className="muted small" data-testid="figures-as-of">
            {t('referrals.landing.asOf', { time: format.dateTime(data.asOf) })}
          </p>
        </>
      )}
      <p className="muted small" style={{ marginBottom: 0 }}>
        {t('referrals.landing.figuresHint')}
      </p>
    </Panel>
  );
}

/** What the page says: the admin's copy (plain text, sanitised by the server) where given, else the built-in text. */
export function LandingCopy({ template, content, onApply }: { template: TLandingTemplate; content: TLandingContent | undefined; onApply: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="landing-title">{content?.title || t(`landing.${template}.title`)}</h1>
      <p className="landing-intro pre-wrap">{content?.intro || t(`landing.${template}.intro`)}</p>
      <Button type="primary" size="large" onClick={onApply} data-testid="landing-apply">
        {t('landing.apply')}
      </Button>
      <Panel className="landing-card" title={t('referrals.landing.workTitle')}>
        <p className="pre-wrap" style={{ margin: 0 }}>
          {content?.work || t(`referrals.landing.${template}.work`)}
        </p>
      </Panel>
      <Panel className="landing-card" title={t('landing.howPaidTitle')}>
        <p className="pre-wrap" style={{ margin: 0 }}>
          {content?.payment || t('referrals.landing.payment')}
        </p>
      </Panel>
    </>
  );
}

/**
 * A landing page (spec 01 s.2, AMENDED): the built-in template's layout and text at once, the admin-edited copy of
 * the page `pageName` (default: the template's own page) when it arrives, and the live figures below.
 */
export function LandingPage({ template, pageName }: { template: TLandingTemplate; pageName?: string }) {
  const { t } = useTranslation();
  const appName = useAppName();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const signedIn = useAppSelector((s) => s.session.status === 'signedIn');
  const email = storedEmail();
  const { data: page } = usePublicLandingPageQuery(pageName ?? template);

  const leaveReferralMode = (to: string) => {
    sessionStorage.setItem(EXIT_REFERRAL_FLAG, '1');
    navigate(to);
  };
  const apply = () => leaveReferralMode(signedIn || email ? '/' : '/register');

  return (
    <div className="landing-page" data-testid={`landing-${template}`}>
      <header className="landing-header">
        <span className="landing-brand">
          <img src="/icons/icon-192.png" alt="" width={28} height={28} />
          {appName}
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
        <LandingCopy template={template} content={page?.content} onApply={apply} />
        <LiveFigures />
        <Button size="large" onClick={apply}>
          {t('referrals.landing.applyAgain')}
        </Button>
        <Link to="/trust" data-testid="trust-link">
          {t('trust.link')}
        </Link>
        <LanguageSwitch size="small" />
      </main>
    </div>
  );
}

export default LandingPage;
