import type { TAdminStats } from '@platform/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../test/test-utils';
import { ageParts, DashboardSection } from './index';

function days(): TAdminStats['series'] {
  return Array.from({ length: 30 }, (_, i) => ({
    day: new Date(Date.UTC(2026, 9, 26 + i)).toISOString().slice(0, 10),
    registrations: i === 29 ? 3 : 0,
    approvedSubmissions: i === 29 ? 2 : 0,
    paidWithdrawals: i === 29 ? 1 : 0,
  }));
}

const STATS: TAdminStats = {
  totalUsers: 12,
  activeUsers: 11,
  pendingTasks: 1,
  totalTasks: 7,
  pendingWithdrawals: 2,
  totalBalance: '1234.50',
  submissionsWaiting: 3,
  verificationsWaiting: 4,
  appealsWaiting: 2,
  appealsOverdue: 1,
  returnsLast30Days: 5,
  oldestPendingWithdrawalAt: '2026-11-22T10:00:00.000Z',
  oldestPendingWithdrawalAgeSeconds: 3 * 86400 + 100,
  overdueWithdrawals: 2,
  series: days(),
  recentUsers: [
    { id: '11111111-1111-4111-8111-111111111111', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', balance: '60.00', isActive: true },
    { id: '22222222-2222-4222-8222-222222222222', firstName: 'Bob', lastName: 'Banned', email: 'bob@example.test', balance: null, isActive: false },
  ],
  recentTasks: [{ id: '33333333-3333-4333-8333-333333333333', title: 'Label photos', reward: '5.5', status: 'in_progress', createdAt: '2026-11-24T01:00:00.000Z' }],
  updatedAt: '2026-11-24T02:00:00.000Z',
  rebuiltAt: null,
  generatedAt: '2026-11-24T02:00:01.000Z',
  trustFigures: {
    days: 30,
    withdrawalsDecided: 4,
    medianDecisionSeconds: 10_800,
    p95DecisionSeconds: 20_520,
    withdrawalsPaid: 3,
    medianPayoutSeconds: 7200,
    p95PayoutSeconds: 13_680,
    promisesDue: 4,
    promisesKept: 2,
    decidedInTimeShare: 0.5,
    reviews: 4,
    medianReviewSeconds: 9000,
    rejections: 2,
    rejectionRate: 0.5,
    appealsDecided: 2,
    appealsOverturned: 1,
    supportResponses: 3,
    medianFirstResponseSeconds: 1800,
    workersPaid: 2,
    asOf: '2026-11-24T02:00:01.000Z',
  },
};

function renderDashboard(handlers: Parameters<typeof mockApi>[0]) {
  mockApi(handlers);
  return renderWithProviders(<DashboardSection />, { route: '/admin/dashboard', preloadedState: signedInState(makeUser({ role: 'admin' })) });
}

describe('Admin Dashboard (spec 03)', () => {
  it('when the stats answer, then the six cards, what waits, the recent lists and today are shown, each card a link to its section', async () => {
    renderDashboard({ 'GET /api/admin/stats': () => jsonResponse(STATS) });
    const total = await screen.findByTestId('dashboard-card-totalUsers');
    // The cards are drawn at once with a dash, then filled when the figures arrive.
    await waitFor(() => expect(total).toHaveTextContent('Total Users12'));
    expect(total).toHaveAttribute('href', '/admin/users-list');
    expect(screen.getByTestId('dashboard-card-activeUsers')).toHaveTextContent('Active Users11');
    expect(screen.getByTestId('dashboard-card-pendingTasks')).toHaveAttribute('href', '/admin/task-requests');
    expect(screen.getByTestId('dashboard-card-totalTasks')).toHaveTextContent('Total Tasks7');
    expect(screen.getByTestId('dashboard-card-pendingWithdrawals')).toHaveAttribute('href', '/admin/withdrawals');
    expect(screen.getByTestId('dashboard-card-totalBalance')).toHaveTextContent('Total Balance$1,234.50');
    expect(screen.getByTestId('dashboard-card-submissionsWaiting')).toHaveAttribute('href', '/admin/submissions');
    expect(screen.getByTestId('dashboard-card-verificationsWaiting')).toHaveTextContent('Verifications waiting4');
    expect(screen.getByTestId('dashboard-card-oldestPendingWithdrawal')).toHaveTextContent('3 d');
    const overdue = screen.getByTestId('dashboard-card-overdueWithdrawals');
    expect(overdue).toHaveTextContent('Overdue withdrawals2Pending past the decision time promised to the worker');
    expect(overdue).toHaveAttribute('href', '/admin/withdrawals');
    expect(overdue).toHaveClass('admin-stat-alarm');
    // The support desk's figures did not answer here: no card rather than made-up numbers.
    expect(screen.queryByTestId('dashboard-card-support')).toBeNull();
    expect(screen.getByTestId('dashboard-today')).toHaveTextContent('Today: registrations 3, approved submissions 2, paid withdrawals 1.');

    const users = screen.getByTestId('dashboard-recent-users');
    const bob = within(users).getByText('bob@example.test').closest('tr') as HTMLElement;
    expect(within(bob).getByText('Inactive')).toBeInTheDocument();
    expect(within(bob).getByText('—')).toBeInTheDocument();
    const ada = within(users).getByText('ada@example.test').closest('tr') as HTMLElement;
    expect(within(ada).getByText('$60.00')).toBeInTheDocument();
    expect(within(ada).getByText('Active')).toBeInTheDocument();
    const tasks = screen.getByTestId('dashboard-recent-tasks');
    expect(within(tasks).getByText('in progress')).toBeInTheDocument();
    expect(within(tasks).getByText('$5.50')).toBeInTheDocument();
  });

  it('when tasks pay under the hourly minimum at their real time, then a card flags them with their titles and opens Tasks', async () => {
    const flagged = { id: 't9', title: 'Transcribe a call', underpaid: true };
    renderDashboard({
      'GET /api/admin/stats': () => jsonResponse(STATS),
      'GET /api/admin/tasks?underpaid=true': () => jsonResponse({ items: [flagged], nextCursor: null, total: 1, totalExact: true }),
    });
    const card = await screen.findByTestId('dashboard-card-underpaidTasks');
    expect(card).toHaveTextContent('Tasks under the hourly minimum1');
    expect(card).toHaveTextContent('approved work is topped up: Transcribe a call');
    expect(card).toHaveAttribute('href', '/admin/tasks');
  });

  it('when the support desk answers, then its card shows the open conversations and links to CRM - Support', async () => {
    renderDashboard({
      'GET /api/admin/stats': () => jsonResponse({ ...STATS, totalBalance: null, oldestPendingWithdrawalAt: null, oldestPendingWithdrawalAgeSeconds: null }),
      'GET /api/admin/support-conversations/figures': () =>
        jsonResponse({ days: 30, medianFirstResponseSeconds: 600, medianResolutionSeconds: null, respondedCount: 3, resolvedCount: 0, waitingOver24h: 1, byStatus: { open: 2, pending: 1, resolved: 0, closed: 4 } }),
    });
    const support = await screen.findByTestId('dashboard-card-support');
    expect(support).toHaveTextContent('Support desk3');
    expect(support).toHaveTextContent('First reply in 10 min (median), 1 waiting over 24 h');
    expect(support).toHaveAttribute('href', '/admin/crm');
    expect(screen.getByTestId('dashboard-card-totalBalance')).toHaveTextContent('Total Balance—');
    expect(screen.getByTestId('dashboard-card-oldestPendingWithdrawal')).toHaveTextContent('None pending');
  });

  it('when ages are shown, then minutes under an hour, hours under two days, then days', () => {
    expect(ageParts(59)).toEqual({ unit: 'minutes', count: 0 });
    expect(ageParts(3599)).toEqual({ unit: 'minutes', count: 59 });
    expect(ageParts(3600)).toEqual({ unit: 'hours', count: 1 });
    expect(ageParts(47 * 3600)).toEqual({ unit: 'hours', count: 47 });
    expect(ageParts(48 * 3600)).toEqual({ unit: 'days', count: 2 });
  });

  it('when the stats answer, then the trust page\'s figures are shown as the public page shows them (issue 31)', async () => {
    renderDashboard({ 'GET /api/admin/stats': () => jsonResponse(STATS) });
    const panel = await screen.findByTestId('dashboard-trust');
    expect(within(panel).getByTestId('dashboard-trust-decision-value')).toHaveTextContent('median 3 h 0 min · 95% within 5 h 42 min');
    expect(within(panel).getByTestId('dashboard-trust-in-time-value')).toHaveTextContent('50.0%');
    expect(within(panel).getByTestId('dashboard-trust-rejection-rate-value')).toHaveTextContent('50.0%');
    expect(within(panel).getByTestId('dashboard-trust-appeals-value')).toHaveTextContent('1 of 2 decided');
    expect(within(panel).getByTestId('dashboard-trust-support-value')).toHaveTextContent('30 min');
    expect(within(panel).getByTestId('dashboard-trust-workers-paid-value')).toHaveTextContent('2');
    expect(within(panel).getByRole('link', { name: '/trust' })).toHaveAttribute('href', '/trust');
  });
});
