import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { useReferralQuery, useTrackReferralClickMutation } from '../../features/referral/referral.api';
import { saveReferralSource, type TReferralProblem } from '../../features/referral/referralSource';
import { LandingPage } from './LandingPage';
import { toLandingTemplate } from './landingTemplates';

/**
 * /ref/{code} (spec 01 s.2): an active code shows its landing page; inactive, unknown or failing -> /register, which
 * is told the code and why (router state), so it never shows only an older saved code as if this link had worked.
 */
export function ReferralPage() {
  const { code = '' } = useParams();
  const { data, isLoading, isError, error } = useReferralQuery(code, { skip: code === '' });
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

  if (code === '') return <Navigate to="/register" replace />;
  if (isError || (data && !data.isActive)) {
    const notFound = isError && typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
    const problem: TReferralProblem = { code, reason: !isError || notFound ? 'invalid' : 'unchecked' };
    return <Navigate to="/register" replace state={{ referralProblem: problem }} />;
  }
  if (isLoading || !data) return <FullPageSpinner />;
  const name = data.landingPage?.name;
  return <LandingPage template={toLandingTemplate(name)} pageName={name ?? undefined} />;
}
