import type { TLandingPage, TReferralLink } from '@platform/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../test/test-utils';
import { ReferralsSection } from './index';

const PAGE: TLandingPage = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'crypto-gaming',
  displayName: 'Crypto Gaming',
  description: null,
  content: {},
  isActive: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const LINK: TReferralLink = {
  id: '22222222-2222-4222-8222-222222222222',
  code: 'spring26',
  name: 'Telegram spring',
  description: 'Posts in the channel',
  landingPageId: PAGE.id,
  landingPage: { name: PAGE.name, displayName: PAGE.displayName },
  isActive: true,
  totalClicks: 40,
  rawClicks: 95,
  totalRegistrations: 20,
  conversionRate: 0.5,
  firstTaskCount: 7,
  paidCount: 3,
  createdBy: null,
  createdAt: '2026-11-02T00:00:00.000Z',
  updatedAt: '2026-11-02T00:00:00.000Z',
};

const page = <T,>(items: T[], nextCursor: string | null = null, total = items.length, totalExact = true) => jsonResponse({ items, nextCursor, total, totalExact });

function renderSection(extra: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({
    'GET /api/admin/referral-links': () => page([LINK]),
    'GET /api/admin/referral-stats': () => jsonResponse({ totalLinks: 1, totalClicks: 40, clicksLast30Days: 12, totalRegistrations: 20, registrationsLast30Days: 5 }),
    'GET /api/admin/landing-pages': () => page([PAGE]),
    'GET /api/admin/landing-pages/active': () => jsonResponse([PAGE]),
    'POST /api/admin/referral-links': () => jsonResponse({ ...LINK, id: '33333333-3333-4333-8333-333333333333', code: 'k7m2p9q', name: 'New one' }, 201),
    ...extra,
  });
  const utils = renderWithProviders(<ReferralsSection />, { route: '/admin/referrals', preloadedState: signedInState(makeUser({ role: 'admin' })) });
  return { ...utils, fetchMock };
}

describe('Referral System (spec 03 "Referral Management", issue 16)', () => {
  it('when links are listed, then the stat cards and each link funnel (clicks, registrations, conversion, first task, paid) show', async () => {
    renderSection();
    expect(await screen.findByTestId('clicks-spring26')).toHaveTextContent('40');
    expect(screen.getByTestId('registrations-spring26')).toHaveTextContent('20');
    const row = screen.getByTestId('clicks-spring26').closest('tr') as HTMLElement;
    expect(within(row).getByText('50.0%')).toBeInTheDocument();
    expect(within(row).getByText('7')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByText('spring26')).toHaveAttribute('title', expect.stringMatching(/\/ref\/spring26$/));
    await waitFor(() => expect(screen.getByTestId('referral-stat-clicksLast30Days')).toHaveTextContent('12'));
    expect(screen.getByTestId('referral-stat-registrationsLast30Days')).toHaveTextContent('5');
  });

  it('when the create dialog is sent without a name, then "Please fill in required fields" and nothing is sent; with a name and no code, the code is left to the server', async () => {
    const { user, fetchMock } = renderSection();
    await user.click(await screen.findByTestId('referral-create'));
    await user.click(screen.getByTestId('referral-save'));
    expect((await screen.findAllByText('Please fill in required fields')).length).toBeGreaterThan(0);
    expect(callsTo(fetchMock, 'POST /api/admin/referral-links')).toHaveLength(0);
    await user.type(screen.getByTestId('referral-name'), 'New one');
    await user.click(screen.getByTestId('referral-save'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/admin/referral-links')).toHaveLength(1));
    const body = JSON.parse(String(callsTo(fetchMock, 'POST /api/admin/referral-links')[0]?.body)) as Record<string, unknown>;
    expect(body).toEqual({ code: null, name: 'New one', description: null, landingPageId: PAGE.id, isActive: true });
    expect(await screen.findByText('Referral link created')).toBeInTheDocument();
  });

  it('when the links are many, then the total says "10,000+", Next follows the cursor, and a search or the active filter asks the server from the first page', async () => {
    const second = { ...LINK, id: '44444444-4444-4444-8444-444444444444', code: 'autumn26', name: 'Autumn' };
    const { user, fetchMock } = renderSection({
      'GET /api/admin/referral-links': () => page([LINK], 'c1', 10_000, false),
      'GET /api/admin/referral-links?cursor=c1': () => page([second], null, 10_000, false),
      'GET /api/admin/referral-links?search=spring': () => page([LINK]),
      'GET /api/admin/referral-links?search=spring&active=false': () => page([]),
    });
    expect(await screen.findByTestId('referral-links-total')).toHaveTextContent('10,000+ in all');
    await user.click(within(screen.getByTestId('referral-links-pager')).getByRole('button', { name: /Next/ }));
    expect(await screen.findByTestId('clicks-autumn26')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search by code or name' }), 'spring{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/admin/referral-links?search=spring')).toHaveLength(1));
    expect(await screen.findByTestId('clicks-spring26')).toBeInTheDocument();
    expect(screen.getByTestId('referral-links-total')).toHaveTextContent('1 in all');
    await user.click(screen.getByRole('combobox', { name: 'Active' }));
    await user.click(await screen.findByTitle('Inactive'));
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/admin/referral-links?search=spring&active=false')).toHaveLength(1));
    expect(await screen.findByText('No referral links yet')).toBeInTheDocument();
  });

  it('when the landing pages tab opens, then the paged list shows with its total and the first page is in the editor; a search asks the server', async () => {
    const { user, fetchMock } = renderSection({ 'GET /api/admin/landing-pages?search=crypto': () => page([PAGE]) });
    await user.click(await screen.findByRole('tab', { name: 'Landing pages' }));
    expect(await screen.findByTestId('landing-editing')).toHaveTextContent('Editing: Crypto Gaming (crypto-gaming)');
    expect(screen.getByTestId('landing-pages-total')).toHaveTextContent('1 in all');
    await user.type(screen.getByRole('textbox', { name: 'Search by name or display name' }), 'crypto{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/admin/landing-pages?search=crypto')).toHaveLength(1));
  });
});
