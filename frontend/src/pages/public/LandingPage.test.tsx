import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, renderWithProviders } from '../../test/test-utils';
import { durationParts, LandingPage } from './LandingPage';

const FIGURES = { tasksCompletedLast30Days: 1234, workersPaidLast30Days: 56, medianReward: '4.50', medianPayoutSeconds: 7500, asOf: '2026-11-24T10:00:00.000Z' };

describe('LandingPage (issue 16)', () => {
  it('while the figures are on their way, then the page already says what the work is, how workers are paid, and offers Apply', async () => {
    mockApi({
      'GET /api/public/figures': () => new Promise<Response>(() => undefined),
      'GET /api/public/landing-pages/crypto-gaming': () => new Promise<Response>(() => undefined),
    });
    renderWithProviders(<LandingPage template="crypto-gaming" />, { route: '/landing/crypto-gaming' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Paid tasks for gamers and crypto enthusiasts');
    expect(screen.getByText('What the work is')).toBeInTheDocument();
    expect(screen.getByText('How and when you are paid')).toBeInTheDocument();
    expect(screen.getByTestId('landing-apply')).toBeInTheDocument();
    expect(screen.getByText('Loading live figures...')).toBeInTheDocument();
  });

  it('when the admin copy and the figures arrive, then the copy replaces the built-in text and the figures show with their time', async () => {
    mockApi({
      'GET /api/public/figures': () => jsonResponse(FIGURES),
      'GET /api/public/landing-pages/summer': () => jsonResponse({ name: 'summer', displayName: 'Summer', content: { title: 'Summer testing', payment: 'Paid every week' } }),
    });
    renderWithProviders(<LandingPage template="crypto-gaming" pageName="summer" />, { route: '/ref/abc' });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Summer testing'));
    expect(screen.getByText('Paid every week')).toBeInTheDocument();
    expect(await screen.findByTestId('figure-tasks')).toHaveTextContent('1,234');
    expect(screen.getByTestId('figure-workers')).toHaveTextContent('56');
    expect(screen.getByTestId('figure-reward')).toHaveTextContent('$4.50');
    expect(screen.getByTestId('figure-payout')).toHaveTextContent('2 h 5 min');
    expect(screen.getByTestId('figures-as-of')).toHaveTextContent(/^As of /);
  });

  it('when a median has nothing to be taken from, then it says so instead of a number', async () => {
    mockApi({ 'GET /api/public/figures': () => jsonResponse({ ...FIGURES, medianReward: null, medianPayoutSeconds: null }) });
    renderWithProviders(<LandingPage template="professional-tester" />, { route: '/landing/professional-tester' });
    expect(await screen.findByTestId('figure-reward')).toHaveTextContent('not enough data yet');
    expect(screen.getByTestId('figure-payout')).toHaveTextContent('not enough data yet');
  });

  it('durations read as minutes, hours and minutes, or days and hours', () => {
    expect(durationParts(30)).toMatchObject({ unit: 'minutes', count: 1 });
    expect(durationParts(35 * 60)).toMatchObject({ unit: 'minutes', count: 35 });
    expect(durationParts(7500)).toMatchObject({ unit: 'hours', hours: 2, minutes: 5 });
    expect(durationParts(3 * 86400 + 4 * 3600)).toMatchObject({ unit: 'days', count: 3, hours: 4 });
  });
});
