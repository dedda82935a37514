import type { TRole } from '@platform/contracts';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import { FullPageSpinner, Spinner } from '../components/FullPageSpinner';
import { InstallWatcher } from '../features/install/InstallWatcher';
import { EXIT_REFERRAL_FLAG } from '../features/referral/referralSource';
import type { TSessionStatus } from '../features/session/session.slice';
import { useSessionConfirmation } from '../features/session/useSessionConfirmation';
import { homePathFor } from '../features/session/useSignIn';
import { AntdScope } from './antdLayer';
import { useAppSelector } from './hooks';
import { registerNavigator, reportCurrentPath } from './navigation';
import { DocumentTitle } from '../features/branding/useAppName';

// Lazily loaded chunks: the admin console (and all it uses) and the document viewer (with its sanitiser); the 404
// page (with antd's Button: the first download has no antd).
const NotFound = lazy(() => import('../components/NotFound').then((m) => ({ default: m.NotFound })));
const AdminConsole = lazy(() => import('../pages/admin/AdminConsole'));
const DocumentViewerPage = lazy(() => import('../pages/public/DocumentViewerPage'));
/**
 * A chunk of screens that main.tsx may load before the first render: `load` fetches it (and remembers the module),
 * `screen(name)` is a component that renders the screen directly once the chunk is in, and suspends (lazy) before.
 * The choice is made once per mount: a switch from the lazy component to the loaded one would remount the screen
 * (its state, a form's typing, the worker frame's chat connection).
 */
function preloadableScreens<M extends Record<string, unknown>>(importer: () => Promise<M>) {
  let loaded: M | undefined;
  const load = () =>
    importer().then((m) => {
      loaded = m;
      return m;
    });
  const screen = (name: keyof M) => {
    const Lazy = lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
    return function Screen() {
      const [Loaded] = useState(() => loaded?.[name] as ComponentType | undefined);
      return Loaded ? <Loaded /> : <Lazy />;
    };
  };
  return { load, screen };
}

// The worker's frame and Home, plain elements without antd (issue 27), with the frames of Tasks, Chat and
// Withdrawals (which load their screens lazily themselves) and the onboarding overlays: one small chunk, fetched at
// start when someone is signed in (main.tsx), never by a signed-out visitor. Once it is in, they render without
// suspending, as the sign-in screens below: main.tsx waits for it before a kept worker session's first render, so
// React's first commit is the frame and Home, not the full-page spinner (React keeps a fallback it has shown for at
// least 300 ms, which held Home's largest text back by that much: issue 27).
const workerScreens = preloadableScreens(() => import('../pages/worker/workerScreens'));
export const loadWorkerScreens = workerScreens.load;
const workerScreen = workerScreens.screen;
const WorkerLayout = workerScreen('WorkerLayout');
const HomePage = workerScreen('HomePage');
const TasksPage = workerScreen('TasksPage');
const ChatPage = workerScreen('ChatPage');
const WithdrawalsPage = workerScreen('WithdrawalsPage');
const OnboardingOverlays = workerScreen('OnboardingOverlays');
// Worker screens that are not the first one, each its own chunk: the Profile (verification dialog, account deletion,
// activity history and their antd Select, Modal, Input) and Awards.
const ProfilePage = lazy(() => import('../pages/worker/ProfilePage').then((m) => ({ default: m.ProfilePage })));
const AwardsPage = lazy(() => import('../pages/worker/AwardsPage').then((m) => ({ default: m.AwardsPage })));
// The landing and referral screens: their own small chunk, so a visitor from a link on a phone downloads little.
const loadLandingScreens = () => import('../pages/public/landingScreens');
const LandingPage = lazy(() => loadLandingScreens().then((m) => ({ default: m.LandingPage })));
const ReferralPage = lazy(() => loadLandingScreens().then((m) => ({ default: m.ReferralPage })));
// The public trust page (issue 31): its own small chunk of plain elements (no antd), with its own texts.
const TrustPage = lazy(() => import('../pages/public/TrustPage'));

// The signed-out screens are one chunk, requested at start whenever nobody is signed in (see main.tsx), so they
// still render at once while the session loads. Once the chunk is in, they render without suspending: main.tsx waits
// for it before the first render under the static shell of index.html (app/bootShell.ts), so React's first commit is
// the screen itself, never a spinner between the shell and the screen.
const authScreens = preloadableScreens(() => import('../pages/auth/authScreens'));
export const loadAuthScreens = authScreens.load;
const authScreen = authScreens.screen;
const LoginPage = authScreen('LoginPage');
const RegisterPage = authScreen('RegisterPage');
const ForgotPasswordPage = authScreen('ForgotPasswordPage');
const ResetPasswordPage = authScreen('ResetPasswordPage');

// Developer test pages exist only in development builds (spec 01 s.2, AMENDED): behind import.meta.env.DEV the
// dynamic import is removed from production bundles.
const DEV_ROUTES: RouteObject[] = import.meta.env.DEV
  ? (() => {
      const pages = () => import('../pages/dev/DevTestPages');
      const AuthTest = lazy(() => pages().then((m) => ({ default: m.AuthTestPage })));
      const AuthFlowTest = lazy(() => pages().then((m) => ({ default: m.AuthFlowTestPage })));
      const RegistrationTest = lazy(() => pages().then((m) => ({ default: m.RegistrationTestPage })));
      const ReferralFlow = lazy(() => pages().then((m) => ({ default: m.TestReferralFlowRedirect })));
      return [
        { path: '/auth-test', element: <AuthTest /> },
        { path: '/auth-flow-test', element: <AuthFlowTest /> },
        { path: '/test-registration', element: <RegistrationTest /> },
        { path: '/test-referral-flow.html', element: <ReferralFlow /> },
      ];
    })()
  : [];

/** The public trust page (issue 31): open to everyone, whatever the session. */
export const TRUST_PATH = '/trust';

/** Paths a signed-out visitor may stay on; every other path sends them to /login (spec 01 s.2). */
export function isPublicPath(pathname: string): boolean {
  return (
    ['/', '/login', '/register', '/forgot-password', TRUST_PATH].includes(pathname) ||
    pathname.startsWith('/reset-password') ||
    pathname.startsWith('/ref/') ||
    pathname.startsWith('/landing/') ||
    DEV_ROUTES.some((route) => route.path === pathname)
  );
}

/** Protected pages: the spinner while the session is restored, nothing without a user, admins only where asked. */
export function ProtectedRoute({ adminOnly = false, children }: { adminOnly?: boolean; children: ReactNode }) {
  const status = useAppSelector((s) => s.session.status);
  const user = useAppSelector((s) => s.session.user);
  if (status === 'loading') return <FullPageSpinner />;
  if (!user) return status === 'signedOut' ? <Navigate to="/login" replace /> : null;
  if (adminOnly && user.role !== 'admin') return <Navigate to="/" replace />;
  return <>{children}</>;
}

const lazyPage = (node: ReactNode) => <Suspense fallback={<FullPageSpinner />}>{node}</Suspense>;
/** A lazily loaded screen that uses antd: antd's layer and the screen's chunk first, the full-page spinner meanwhile. */
const antdPage = (node: ReactNode) => <AntdScope>{lazyPage(node)}</AntdScope>;
const workerSpinner = (
  <div className="center-block">
    <Spinner />
  </div>
);
/**
 * A worker screen that uses antd, inside the worker frame: antd's layer is loaded there, under the frame (the spinner
 * inside the frame meanwhile, as the Tasks, Chat and Withdrawals screens), so the frame and its chat connection stay
 * mounted from one screen to the next (issue 27).
 */
const antdWorkerPage = (node: ReactNode) => (
  <AntdScope fallback={workerSpinner}>
    <Suspense fallback={workerSpinner}>{node}</Suspense>
  </AntdScope>
);

const AUTH_SCREENS: RouteObject[] = [
  { path: '/login', element: lazyPage(<LoginPage />) },
  { path: '/register', element: lazyPage(<RegisterPage />) },
  { path: '/forgot-password', element: lazyPage(<ForgotPasswordPage />) },
  { path: '/reset-password', element: lazyPage(<ResetPasswordPage />) },
];

const LANDING_SCREENS: RouteObject[] = [
  { path: '/landing/crypto-gaming', element: antdPage(<LandingPage template="crypto-gaming" />) },
  { path: '/landing/professional-tester', element: antdPage(<LandingPage template="professional-tester" />) },
];

const REFERRAL_SCREEN: RouteObject = { path: '/ref/:code', element: antdPage(<ReferralPage />) };
const DEV_SCREENS: RouteObject[] = DEV_ROUTES.map((route) => ({ ...route, element: antdPage(route.element) }));

const TRUST_SCREEN: RouteObject = { path: TRUST_PATH, element: lazyPage(<TrustPage />) };

/** Referral, landing and trust screens come first, whatever the session (a referral screen can be skipped once). */
function firstScreens(skipReferral: boolean): RouteObject[] {
  return [...LANDING_SCREENS, TRUST_SCREEN, ...(skipReferral ? [] : [REFERRAL_SCREEN])];
}

export function signedOutRoutes(skipReferral: boolean): RouteObject[] {
  return [
    ...firstScreens(skipReferral),
    ...AUTH_SCREENS,
    REFERRAL_SCREEN,
    ...DEV_SCREENS,
    { path: '/', element: lazyPage(<LoginPage />) },
    { path: '*', element: <Navigate to="/login" replace /> },
  ];
}

export function loadingRoutes(skipReferral: boolean): RouteObject[] {
  return [...firstScreens(skipReferral), ...AUTH_SCREENS, ...DEV_SCREENS, { path: '*', element: <FullPageSpinner /> }];
}

export function signedInRoutes(role: TRole, skipReferral: boolean): RouteObject[] {
  const home = homePathFor({ role });
  return [
    ...firstScreens(skipReferral),
    {
      element: (
        <ProtectedRoute>
          <Suspense fallback={<FullPageSpinner />}>
            <WorkerLayout />
          </Suspense>
        </ProtectedRoute>
      ),
      // Home is plain elements (no antd); the other screens load antd's layer inside the frame.
      children: [
        { path: '/', element: <HomePage /> },
        { path: '/tasks', element: antdWorkerPage(<TasksPage />) },
        { path: '/chat', element: antdWorkerPage(<ChatPage />) },
        { path: '/awards', element: antdWorkerPage(<AwardsPage />) },
        { path: '/withdrawals', element: antdWorkerPage(<WithdrawalsPage />) },
        { path: '/profile', element: antdWorkerPage(<ProfilePage />) },
        { path: '/ref/:code', element: <HomePage /> },
      ],
    },
    {
      path: '/admin/*',
      element: <ProtectedRoute adminOnly>{antdPage(<AdminConsole />)}</ProtectedRoute>,
    },
    { path: '/documents/:id/view', element: antdPage(<DocumentViewerPage />) },
    // A signed-in visitor has nothing to do on the sign-in screens.
    { path: '/login', element: <Navigate to={home} replace /> },
    { path: '/register', element: <Navigate to={home} replace /> },
    ...DEV_SCREENS,
    { path: '*', element: antdPage(<NotFound />) },
  ];
}

export function routesFor(status: TSessionStatus, role: TRole | undefined, skipReferral: boolean): RouteObject[] {
  if (status === 'loading') return loadingRoutes(skipReferral);
  if (status === 'signedIn' && role) return signedInRoutes(role, skipReferral);
  return signedOutRoutes(skipReferral);
}

/**
 * Spec 01 s.2: a referral screen is skipped once when the session flag for leaving referral mode is set; the flag
 * is then cleared.
 */
function useReferralSkip(pathname: string): boolean {
  const decision = useRef<{ path: string; skip: boolean } | null>(null);
  if (decision.current?.path !== pathname) {
    decision.current = { path: pathname, skip: pathname.startsWith('/ref/') && sessionStorage.getItem(EXIT_REFERRAL_FLAG) !== null };
  }
  const skip = decision.current.skip;
  useEffect(() => {
    if (skip) sessionStorage.removeItem(EXIT_REFERRAL_FLAG);
  }, [skip, pathname]);
  return skip;
}

/** Lets the request layer navigate (401 -> /login) and know the current path (403 inside or outside /admin). */
function useNavigationBridge(pathname: string): void {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigator((path, options) => navigate(path, options));
    return () => registerNavigator(null);
  }, [navigate]);
  useEffect(() => {
    reportCurrentPath(pathname);
  }, [pathname]);
}

/** All routes of the app, in one place. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const status = useAppSelector((s) => s.session.status);
  const role = useAppSelector((s) => s.session.user?.role);
  useNavigationBridge(pathname);
  useSessionConfirmation();
  const skipReferral = useReferralSkip(pathname);
  const element = useRoutes(routesFor(status, role, skipReferral));
  // antd is loaded by the screens and dialogs that use it (antdPage, antdWorkerPage, the overlays' modals): nothing
  // here wraps the routes, so the sign-in screens, the worker's frame and Home render without it (issue 27).
  return (
    <>
      {element}
      {status === 'signedIn' && (
        <Suspense fallback={null}>
          <OnboardingOverlays />
        </Suspense>
      )}
      <InstallWatcher />
      <DocumentTitle />
    </>
  );
}
