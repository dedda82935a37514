import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { AntdScope } from '../../app/antdLayer';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useToast } from '../../components/toast';
import { onboardingApi } from './onboarding.api';

// The modals are loaded when they are needed: most visits never show them. They use antd, whose layer is loaded
// with them (AntdScope): the screens under them may be plain (Home, issue 27).
const WelcomeVideoModal = lazy(() => import('./WelcomeVideoModal').then((m) => ({ default: m.WelcomeVideoModal })));
const RequiredDocumentsModal = lazy(() => import('./RequiredDocumentsModal').then((m) => ({ default: m.RequiredDocumentsModal })));

export const WELCOME_CHECK_DELAY_MS = 300;
/** The toasts the sign-in screens leave ('Welcome to Task Portal!', 'Welcome back!'): the Welcome modal replaces them. */
export const SIGN_IN_TOAST_ACTIONS = ['auth.register', 'auth.login'] as const;

type TStage = 'idle' | 'video' | 'documents' | 'done';

/**
 * The overlays over any screen (spec 01 s.4): about 300 ms after sign-in the welcome status is checked; the video
 * comes first, then, while the user has not accepted the documents, the required-documents modal.
 * The document viewer (opened in a new tab from the modal) is left uncovered. Admins skip the worker onboarding
 * (issue 10): no welcome video, no documents modal, not even the status call.
 */
export function OnboardingOverlays() {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const isAdmin = useAppSelector((s) => s.session.user?.role === 'admin');
  // An admin never goes through the worker onboarding: the effect below sees no user.
  const userId = useAppSelector((s) => (s.session.user?.role === 'admin' ? undefined : s.session.user?.id));
  const documentsAccepted = useAppSelector((s) => s.session.user?.documentsAccepted ?? true);
  const [stage, setStage] = useState<TStage>('idle');
  const onViewer = pathname.startsWith('/documents/');
  const toast = useToast();

  // The Welcome modal says welcome: a sign-in toast saying it too would stack on it.
  useEffect(() => {
    if (stage === 'video') for (const action of SIGN_IN_TOAST_ACTIONS) toast.dismiss(action);
  }, [stage, toast]);

  useEffect(() => {
    if (!userId || onViewer) return;
    setStage('idle');
    let cancelled = false;
    const timer = setTimeout(() => {
      const request = dispatch(onboardingApi.endpoints.welcomeStatus.initiate(undefined, { forceRefetch: true, subscribe: false }));
      void request.then((result) => {
        if (cancelled) return;
        if (result.error) console.warn('Welcome status check failed', result.error);
        setStage(result.data?.shouldShowWelcome ? 'video' : 'documents');
      });
    }, WELCOME_CHECK_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // Once per signed-in user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);

  if (onViewer) return null;
  if (isAdmin) return <span data-testid="onboarding-settled" hidden />;
  const settled = stage === 'done' || (stage === 'documents' && documentsAccepted);
  const modal =
    stage === 'video' ? (
      <WelcomeVideoModal open onClose={() => setStage('documents')} />
    ) : stage === 'documents' && !documentsAccepted ? (
      <RequiredDocumentsModal open onDone={() => setStage('done')} />
    ) : null;
  return (
    <>
      {/* Marks that onboarding has nothing more to show (browser tests wait for it). */}
      {settled && <span data-testid="onboarding-settled" hidden />}
      {modal && (
        <AntdScope fallback={null}>
          <Suspense fallback={null}>{modal}</Suspense>
        </AntdScope>
      )}
    </>
  );
}
