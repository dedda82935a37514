/**
 * The signed-in worker's frame and first screens, one lazily loaded chunk: a signed-out visitor (login, register,
 * landing and referral pages) never downloads them; a signed-in worker fetches it at start (see main.tsx).
 */
export { OnboardingOverlays } from '../../features/onboarding/OnboardingOverlays';
export { WorkerLayout } from '../../layouts/WorkerLayout';
export { ChatPage } from './ChatPage';
export { HomePage } from './HomePage';
export { TasksPage } from './TasksPage';
export { WithdrawalsPage } from './WithdrawalsPage';
