import { CheckCircleFilled, ClockCircleOutlined, CloseCircleOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './verification.css';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Panel } from '../../components/Panel';
import { sessionApi } from '../session/session.api';
import { userUpdated } from '../session/session.slice';
import { useMyVerificationQuery, verificationApi } from './verification.api';
import { VerificationDialog } from './VerificationDialog';

/**
 * Profile > identity verification (spec 02, AMENDED): the status as the server holds it. Not verified: 'Apply for
 * Verification'; pending: 'Verification pending review'; rejected: the reason and a new application; approved: the
 * verified badge (and the session's user is refreshed, so the profile and home pill agree).
 */
export function VerificationCard() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const sessionUser = useAppSelector((s) => s.session.user);
  const sessionVerified = sessionUser?.isVerified;
  const sessionStatus = sessionUser?.verificationStatus;
  const status = useMyVerificationQuery();
  const [open, setOpen] = useState(false);
  const data = status.data;
  const refreshedFor = useRef<unknown>(null);

  // The signed-in user (the profile and home pill) follows what this card reads: pending after an application,
  // approved or rejected after the decision.
  useEffect(() => {
    // (A user stored before verificationStatus existed has none: read again too.) Once per answer of this card, so
    // two answers that disagree for a moment never read the user again and again.
    if (data && sessionUser && refreshedFor.current !== data && (data.isVerified !== sessionVerified || data.status !== sessionStatus)) {
      refreshedFor.current = data;
      void dispatch(sessionApi.endpoints.me.initiate(undefined, { forceRefetch: true }))
        .unwrap()
        .then((user) => dispatch(userUpdated(user)))
        .catch(() => undefined);
    }
  }, [data, sessionUser, sessionVerified, sessionStatus, dispatch]);

  return (
    <Panel title={t('verification.profile.title')} testId="verification-card">
      {status.isError && <Alert type="warning" showIcon title={t('verification.profile.loadFailed')} />}
      {data?.isVerified && (
        <div className="pill pill-success" data-testid="verification-status">
          <CheckCircleFilled /> {t('verification.profile.verified')}
        </div>
      )}
      {data && !data.isVerified && data.status === 'pending' && (
        <div data-testid="verification-status">
          <Alert type="info" showIcon icon={<ClockCircleOutlined />} title={t('verification.profile.pending')} description={t('verification.profile.pendingHint')} />
        </div>
      )}
      {data && !data.isVerified && data.status === 'rejected' && (
        <div data-testid="verification-status" style={{ marginBottom: 12 }}>
          <Alert
            type="error"
            showIcon
            icon={<CloseCircleOutlined />}
            title={t('verification.profile.rejected')}
            description={t('verification.profile.reason', { reason: data.reason ?? '' })}
          />
        </div>
      )}
      {data && !data.isVerified && data.status !== 'pending' && (
        <>
          {data.status === 'none' && <p className="muted" style={{ marginTop: 0 }}>{t('verification.profile.intro')}</p>}
          <Button size="large" block type="primary" icon={<SafetyCertificateOutlined />} onClick={() => setOpen(true)} data-testid="verification-apply">
            {data.status === 'rejected' ? t('verification.profile.applyAgain') : t('verification.profile.apply')}
          </Button>
        </>
      )}
      <VerificationDialog
        open={open}
        onClose={() => setOpen(false)}
        onSubmitted={(answer) => {
          setOpen(false);
          // The server's answer is the state (pending): written into the cache, not read again. A refetch is dropped
          // while an earlier read of the same query is in flight, and that read's older answer would then stand.
          void dispatch(verificationApi.util.upsertQueryData('myVerification', undefined, answer));
        }}
      />
    </Panel>
  );
}
