import type { TPlatformLedgerCheck, TPublicSettings, TPublicTrust } from '@platform/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, renderWithProviders, signedInState } from '../../test/test-utils';
import { AppRoutes } from '../../app/router';
import { isPublicPath } from '../../app/router';
import { TrustPage } from './TrustPage';

const TRUST: TPublicTrust = {
  operator: { legalName: 'Task Portal Ltd', address: null, contact: 'support@taskportal.example', missing: ['address'] },
  rules: { withdrawalDecisionHours: 48, appealWindowDays: 7, appealDecisionDays: 3, autoApprovalDays: 3 },
  figures: {
    days: 30,
    withdrawalsDecided: 4,
    medianDecisionSeconds: 10_800,
    p95DecisionSeconds: 20_520,
    withdrawalsPaid: 3,
    medianPayoutSeconds: 7200,
    p95PayoutSeconds: 13_680,
    promisesDue: 4,
    promisesKept: 3,
    decidedInTimeShare: 0.75,
    reviews: 4,
    medianReviewSeconds: 9000,
    rejections: 1,
    rejectionRate: 0.25,
    appealsDecided: 2,
    appealsOverturned: 1,
    supportResponses: 3,
    medianFirstResponseSeconds: 1800,
    workersPaid: 1234,
    asOf: '2026-11-28T13:00:00.000Z',
  },
};
const TERMS: TPublicSettings = {
  minimumWithdrawal: '50.00',
  walletCooldownHours: '0',
  currencies: [
    { value: 'BTC', label: 'Bitcoin (BTC)', networkFee: '0.0005' },
    { value: 'USDT', label: 'Tether (USDT, ERC-20)', networkFee: '1.0' },
  ],
};
const LEDGER: TPlatformLedgerCheck = { lastRunAt: '2026-11-28T12:30:00.000Z', valid: true, accounts: 12, entries: 345, brokenAccounts: 0 };

function api(overrides: Partial<Record<'trust' | 'terms' | 'ledger', () => Response | Promise<Response>>> = {}) {
  return mockApi({
    'GET /api/public/trust': overrides.trust ?? (() => jsonResponse(TRUST)),
    'GET /api/public/payout-terms': overrides.terms ?? (() => jsonResponse(TERMS)),
    'GET /api/public/ledger-check': overrides.ledger ?? (() => jsonResponse(LEDGER)),
  });
}

describe('the public trust page /trust (issue 31)', () => {
  it('when the answers arrive, then it shows the operator (naming what is missing), the fees and minimum, the rules and each live figure with its time', async () => {
    api();
    renderWithProviders(<TrustPage />, { route: '/trust' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('How this platform treats workers');
    expect(screen.getByTestId('trust-never-pay')).toHaveTextContent('We never ask you to pay or deposit anything');

    expect(await screen.findByTestId('trust-operator-legalName')).toHaveTextContent('Task Portal Ltd');
    expect(screen.getByTestId('trust-operator-address')).toHaveTextContent('Not provided yet');
    expect(screen.getByTestId('trust-operator-missing')).toHaveTextContent('The operator has not filled in: address.');

    expect(await screen.findByTestId('trust-minimum')).toHaveTextContent('$50.00');
    expect(screen.getByTestId('trust-fee-BTC')).toHaveTextContent('Bitcoin (BTC)0.0005 BTC');
    expect(screen.getByTestId('trust-fee-USDT')).toHaveTextContent('1.0 USDT');

    expect(screen.getByTestId('trust-rule-decision')).toHaveTextContent('within 48 hours');
    expect(screen.getByTestId('trust-rule-appeal-window')).toHaveTextContent('within 7 days');
    expect(screen.getByTestId('trust-rule-appeal-decision')).toHaveTextContent('different administrator within 3 days');
    expect(screen.getByTestId('trust-rule-auto-approval')).toHaveTextContent('within 3 days');

    expect(screen.getByTestId('trust-figure-decision-value')).toHaveTextContent('median 3 h 0 min · 95% within 5 h 42 min');
    expect(screen.getByTestId('trust-figure-payout-value')).toHaveTextContent('median 2 h 0 min · 95% within 3 h 48 min');
    expect(screen.getByTestId('trust-figure-in-time-value')).toHaveTextContent('75.0%');
    expect(screen.getByTestId('trust-figure-in-time')).toHaveTextContent('3 of 4');
    expect(screen.getByTestId('trust-figure-review-value')).toHaveTextContent('2 h 30 min');
    expect(screen.getByTestId('trust-figure-rejection-rate-value')).toHaveTextContent('25.0%');
    expect(screen.getByTestId('trust-figure-appeals-value')).toHaveTextContent('1 of 2 decided');
    expect(screen.getByTestId('trust-figure-support-value')).toHaveTextContent('30 min');
    expect(screen.getByTestId('trust-figure-workers-paid-value')).toHaveTextContent('1,234');
    for (const figure of within(screen.getByTestId('trust-figures')).getAllByRole('definition')) expect(figure).toHaveTextContent(/as of /);

    expect(await screen.findByTestId('trust-ledger-result')).toHaveTextContent('All 12 accounts check out (345 entries).');
    expect(screen.getByTestId('trust-ledger-time')).toHaveTextContent(/^Last run /);
  });

  it('when there is nothing to compute from yet, the operator filled nothing and the check never ran, then it says so instead of numbers', async () => {
    api({
      trust: () =>
        jsonResponse({
          ...TRUST,
          operator: { legalName: null, address: null, contact: null, missing: ['legalName', 'address', 'contact'] },
          figures: { ...TRUST.figures, medianDecisionSeconds: null, p95DecisionSeconds: null, decidedInTimeShare: null, rejectionRate: null, appealsDecided: 0, appealsOverturned: 0, workersPaid: 0 },
        }),
      ledger: () => jsonResponse({ lastRunAt: null, valid: null, accounts: 0, entries: 0, brokenAccounts: 0 }),
    });
    renderWithProviders(<TrustPage />, { route: '/trust' });
    expect(await screen.findByTestId('trust-operator-missing')).toHaveTextContent('legal name, address, contact');
    expect(screen.getByTestId('trust-figure-decision-value')).toHaveTextContent('not enough data yet');
    expect(screen.getByTestId('trust-figure-in-time-value')).toHaveTextContent('not enough data yet');
    expect(screen.getByTestId('trust-figure-appeals-value')).toHaveTextContent('not enough data yet');
    expect(screen.getByTestId('trust-figure-workers-paid-value')).toHaveTextContent('0');
    expect(await screen.findByTestId('trust-ledger-result')).toHaveTextContent('The check has not run yet.');
  });

  it('when a broken chain was found or a part cannot be loaded, then it says so plainly', async () => {
    api({ ledger: () => jsonResponse({ ...LEDGER, valid: false, brokenAccounts: 1 }), terms: () => jsonResponse({ message: 'down', code: 'SERVICE.UNAVAILABLE' }, 503) });
    renderWithProviders(<TrustPage />, { route: '/trust' });
    expect(await screen.findByTestId('trust-ledger-result')).toHaveTextContent('1 of 12 accounts do not check out');
    await waitFor(() => expect(screen.getByTestId('trust-fees-section')).toHaveTextContent('This part cannot be loaded right now.'));
    expect(screen.getByTestId('trust-operator-legalName')).toHaveTextContent('Task Portal Ltd');
  });

  it('when read in Russian, then every word is Russian and the numbers are formatted for Russian', async () => {
    api();
    renderWithProviders(<TrustPage />, { route: '/trust', language: 'ru' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Как платформа обращается с исполнителями');
    expect(await screen.findByTestId('trust-operator-address')).toHaveTextContent('Пока не указано');
    expect(screen.getByTestId('trust-figure-support-value')).toHaveTextContent('30 мин');
    expect(screen.getByTestId('trust-figure-workers-paid-value')).toHaveTextContent(/1\s234/);
    expect(screen.getByTestId('trust-rule-decision')).toHaveTextContent('48 ч');
    expect(screen.getByTestId('trust-figures').textContent).not.toMatch(/\b(median|within|as of|not enough)\b/);
  });

  it('is open to everyone without antd: signed out at /trust it renders (from the route table) and sign-in is offered; signed in it offers the way back', async () => {
    expect(isPublicPath('/trust')).toBe(true);
    api();
    renderWithProviders(<AppRoutes />, { route: '/trust' });
    expect(await screen.findByTestId('trust-page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/trust');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('when a signed-in worker opens it, then it links back to the app', async () => {
    api();
    renderWithProviders(<TrustPage />, { route: '/trust', preloadedState: signedInState() });
    expect(screen.getByRole('link', { name: 'Back to the app' })).toHaveAttribute('href', '/');
  });
});
