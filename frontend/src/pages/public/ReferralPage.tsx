import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { useReferralQuery, useTrackReferralClickMutation } from '../../features/referral/referral.api';
import { saveReferralSource } from '../../features/referral/referralSource';
import { LandingPage } from './LandingPage';
import { toLandingTemplate } from './landingTemplates';

/** /ref/{code} (spec 01 s.2): an active code shows its landing page; inactive, unknown or failing -> /register. */
export function ReferralPage() {
  const { code = '' } = useParams();
  const { data, isLoading, isError } = useReferralQuery(code, { skip: code === '' });
  const [trackClick] = useTrackReferralClickMutation();

  useEffect(() => {
    if (!code) return;
    // Failures are only logged (spec 01 s.8); the server decides whether the click counts.
    trackClick({ code, timestamp: new Date().toISOString() })
      .unwrap()
      .catch((error: unknown) => console.warn('Referral click tracking failed', error));
  }, [code, trackClick]);

  useEffect(() => {
    if (data?.isActive) saveReferralSource(code);
  }, [data, code]);

  if (code === '' || isError || (data && !data.isActive)) return <Navigate to="/register" replace />;
  if (isLoading || !data) return <FullPageSpinner />;
  const name = data.landingPage?.name;
  return <LandingPage template={toLandingTemplate(name)} pageName={name ?? undefined} />;
}
