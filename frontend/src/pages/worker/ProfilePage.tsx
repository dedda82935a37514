import { LogoutOutlined, SettingOutlined, WalletOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Panel } from '../../components/Panel';
import { LeaderboardOptOut } from '../../features/content/LeaderboardOptOut';
import { DeleteAccountCard } from '../../features/account/DeleteAccountCard';
import { InstallAppCard } from '../../features/install/InstallAppCard';
import { QualityRecord } from '../../features/tasks/QualityRecord';
import { ActivityHistory } from '../../features/verification/ActivityHistory';
import { DownloadMyData } from '../../features/verification/DownloadMyData';
import { VerificationCard } from '../../features/verification/VerificationCard';
import { VerificationStatusPill } from '../../features/verification/VerificationStatusPill';
import { useSignOut } from '../../features/session/useSignOut';

// 'Bind Payment Method': the payout wallets dialog is loaded when first opened.
const WalletsDialog = lazy(() => import('../../features/payouts/WalletsDialog'));

function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase() || '?';
}

export function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAppSelector((s) => s.session.user);
  const signOut = useSignOut();
  const [walletsOpen, setWalletsOpen] = useState<boolean | null>(null);
  if (!user) return null;
  const fullName = `${user.firstName} ${user.lastName}`.trim();

  return (
    <div className="page-stack">
      <Panel>
        <div className="profile-head">
          <div className="avatar" aria-hidden>
            {initialsOf(user.firstName, user.lastName)}
          </div>
          <div className="profile-head-text">
            <h1 className="profile-name">{fullName}</h1>
            <div className="muted profile-email" data-testid="profile-email">
              {user.email}
            </div>
            <div style={{ marginTop: 6 }}>
              <VerificationStatusPill />
            </div>
          </div>
        </div>
      </Panel>

      {user.role !== 'admin' && <VerificationCard />}

      <Panel title={t('pages.profile.account')}>
        <dl className="info-list">
          <dt>{t('pages.profile.email')}</dt>
          <dd className="profile-email">{user.email}</dd>
          <dt>{t('pages.profile.fullName')}</dt>
          <dd>{fullName}</dd>
          <dt>{t('pages.profile.role')}</dt>
          <dd>{t(`pages.profile.roles.${user.role}`)}</dd>
        </dl>
      </Panel>

      <Panel>
        <Button size="large" block icon={<WalletOutlined />} onClick={() => setWalletsOpen(true)}>
          {t('payouts.wallets.bind')}
        </Button>
        <p className="muted small" style={{ margin: '8px 0 0' }}>
          {t('payouts.wallets.bindHint')}
        </p>
        <p className="small" style={{ margin: '8px 0 0' }}>
          <Link to="/trust" data-testid="trust-link">
            {t('trust.link')}
          </Link>
        </p>
      </Panel>
      {walletsOpen !== null && (
        <Suspense fallback={null}>
          <WalletsDialog open={walletsOpen} onClose={() => setWalletsOpen(false)} />
        </Suspense>
      )}

      {user.role !== 'admin' && <QualityRecord />}
      <ActivityHistory />
      <LeaderboardOptOut />
      <InstallAppCard />

      <Panel>
        <div className="setting-row">
          <span>{t('common.language')}</span>
          <LanguageSwitch />
        </div>
        <p className="muted small" style={{ margin: '4px 0 0' }}>
          {t('languageSwitch.emailHint')}
        </p>
      </Panel>

      <DownloadMyData />

      {user.role === 'admin' && (
        <Button size="large" block icon={<SettingOutlined />} onClick={() => navigate('/admin')}>
          {t('pages.profile.adminPanel')}
        </Button>
      )}
      <Button size="large" block danger icon={<LogoutOutlined />} onClick={() => void signOut()}>
        {t('pages.profile.signOut')}
      </Button>
      {user.role !== 'admin' && <DeleteAccountCard />}
    </div>
  );
}
