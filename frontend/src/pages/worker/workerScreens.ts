/**
 * The signed-in worker's frame and first screen, one small lazily loaded chunk without antd (issue 27): the frame
 * (header, bottom navigation, chat connection), Home, the plain frames of Tasks, Chat and Withdrawals (each loads its
 * screen and antd's layer when opened) and the onboarding overlays (their modals are lazy). A signed-out visitor
 * (login, register, landing and referral pages) never downloads it; a signed-in worker fetches it at start (see
 * main.tsx). `workerScreens.test.ts` fails when anything it imports statically imports antd.
 */
export { OnboardingOverlays } from '../../features/onboarding/OnboardingOverlays';
export { WorkerLayout } from '../../layouts/WorkerLayout';
export { ChatPage } from './ChatPage';
export { HomePage } from './HomePage';
export { TasksPage } from './TasksPage';
export { WithdrawalsPage } from './WithdrawalsPage';
