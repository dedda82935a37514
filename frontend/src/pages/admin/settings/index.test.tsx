import type { TSystemSetting } from '@platform/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_ID, makeAdminUser, makeSettings } from '../../../test/adminData';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../test/test-utils';
import { SettingsSection } from './index';

const POST = 'POST /api/admin/settings';

function renderSettings(settings: TSystemSetting[] = makeSettings(), answer?: (body: { settingKey: string; settingValue: string }) => Response) {
  const fetchMock = mockApi({
    'GET /api/admin/settings': () => jsonResponse(settings),
    'GET /api/admin/users?role=admin&pageSize=100': () =>
      jsonResponse({ items: [makeAdminUser({ id: ADMIN_ID, role: 'admin', firstName: 'Root', lastName: 'Admin', email: 'admin@platform.local' })], nextCursor: null, total: 1, totalExact: true }),
    [POST]: (init) => {
      const body = JSON.parse(String(init?.body)) as { settingKey: string; settingValue: string };
      if (answer) return answer(body);
      const stored = settings.find((s) => s.settingKey === body.settingKey);
      return jsonResponse({ ...stored, settingValue: body.settingValue, updatedBy: ADMIN_ID });
    },
    'POST /api/admin/settings/reset': () => jsonResponse(makeSettings()),
  });
  const utils = renderWithProviders(<SettingsSection />, { route: '/admin/settings', preloadedState: signedInState(makeUser({ role: 'admin' })) });
  return { ...utils, fetchMock };
}

const postedBodies = (fetchMock: ReturnType<typeof mockApi>) => callsTo(fetchMock, POST).map((init) => JSON.parse(String(init?.body)) as unknown);

describe('System Settings (spec 03 s.5)', () => {
  it('when the admin fills in who operates the platform (issue 31), then each is a line of text of its own length and is sent as typed; a line too long is refused here', async () => {
    const { user, fetchMock } = renderSettings();
    const name = await screen.findByLabelText('Operator legal name');
    expect(name).toHaveAttribute('maxlength', '200');
    expect(screen.getByLabelText('Operator address')).toHaveAttribute('maxlength', '300');
    await user.type(name, 'Task Portal Ltd');
    await user.type(screen.getByLabelText('Operator contact'), 'support@taskportal.example');
    await user.click(screen.getByRole('button', { name: /Save$/ }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(postedBodies(fetchMock)).toEqual([
      { settingKey: 'operator_legal_name', settingValue: 'Task Portal Ltd' },
      { settingKey: 'operator_contact', settingValue: 'support@taskportal.example' },
    ]);
  });

  it('when two keys change, then Save sends one POST per changed key and nothing for the others; "Settings saved"', async () => {
    const { user, fetchMock } = renderSettings();
    const minimum = await screen.findByLabelText('Minimum withdrawal');
    await user.clear(minimum);
    await user.type(minimum, '75');
    const days = screen.getByLabelText('Auto-approval days');
    await user.clear(days);
    await user.type(days, '5');
    // Typing the same value again is not a change.
    const cooldown = screen.getByLabelText('Wallet cooldown hours');
    await user.clear(cooldown);
    await user.type(cooldown, '0');
    await user.click(screen.getByRole('button', { name: /Save$/ }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(postedBodies(fetchMock)).toEqual([
      { settingKey: 'minimum_withdrawal', settingValue: '75' },
      { settingKey: 'auto_approval_days', settingValue: '5' },
    ]);
  });

  it('when the admin lowers the hourly minimum and turns top-ups off, then both are sent as typed', async () => {
    const { user, fetchMock } = renderSettings();
    const floor = await screen.findByLabelText('Minimum hourly rate');
    await user.clear(floor);
    await user.type(floor, '9.50');
    const topUp = screen.getByLabelText('Top up underpaid tasks');
    await user.clear(topUp);
    await user.type(topUp, '0');
    await user.click(screen.getByRole('button', { name: /Save$/ }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(postedBodies(fetchMock)).toEqual([
      { settingKey: 'minimum_hourly_rate', settingValue: '9.50' },
      { settingKey: 'top_up_underpaid', settingValue: '0' },
    ]);
  });

  it('when a value is emptied, then it is not saved (the other change is) and the card says so', async () => {
    const { user, fetchMock } = renderSettings();
    const starting = await screen.findByLabelText('Starting balance');
    await user.clear(starting);
    expect(screen.getByText('An empty value is not saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Save$/ })).toBeDisabled();
    const minimum = screen.getByLabelText('Minimum withdrawal');
    await user.clear(minimum);
    await user.type(minimum, '60.5');
    await user.click(screen.getByRole('button', { name: /Save$/ }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(postedBodies(fetchMock)).toEqual([{ settingKey: 'minimum_withdrawal', settingValue: '60.5' }]);
  });

  it('when a value is negative or not whole, then it is refused here and nothing is sent', async () => {
    const { user, fetchMock } = renderSettings();
    const minimum = await screen.findByLabelText('Minimum withdrawal');
    await user.clear(minimum);
    await user.type(minimum, '-5');
    expect(screen.getByText('The value cannot be negative')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Save$/ })).toBeDisabled();
    const days = screen.getByLabelText('Auto-approval days');
    await user.clear(days);
    await user.type(days, '2.5');
    expect(screen.getByText('Enter a whole number')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: /Save$/ });
    expect(save).toBeDisabled();
    await user.click(save);
    expect(callsTo(fetchMock, POST)).toHaveLength(0);
  });

  it('when the server refuses, then "Save Error" with its message', async () => {
    const { user } = renderSettings(makeSettings(), () => jsonResponse({ message: 'Auto-approval days must be a whole number from 0 to 365', code: 'ADMIN.INVALID_SETTING_VALUE' }, 400));
    const days = await screen.findByLabelText('Auto-approval days');
    await user.clear(days);
    await user.type(days, '999');
    await user.click(screen.getByRole('button', { name: /Save$/ }));
    expect(await screen.findByText('Save Error')).toBeInTheDocument();
    expect(screen.getByText('Auto-approval days must be a whole number from 0 to 365')).toBeInTheDocument();
  });

  it('shows who changed a setting and when, and Reset asks first, then restores the defaults', async () => {
    const settings = makeSettings({ minimum_withdrawal: { settingValue: '75.00', updatedBy: ADMIN_ID, updatedAt: '2025-03-01T12:00:00.000Z' } });
    const { user, fetchMock } = renderSettings(settings);
    expect(await screen.findByText(/by Root Admin \(admin@platform\.local\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Reset$/ }));
    expect(callsTo(fetchMock, 'POST /api/admin/settings/reset')).toHaveLength(0);
    expect(await screen.findByText('Reset all settings?')).toBeInTheDocument();
    const confirm = screen.getAllByRole('button', { name: /Reset$/ }).at(-1);
    await user.click(confirm as HTMLElement);
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/admin/settings/reset')).toHaveLength(1));
    expect(await screen.findByText('Settings reset')).toBeInTheDocument();
  });
});
