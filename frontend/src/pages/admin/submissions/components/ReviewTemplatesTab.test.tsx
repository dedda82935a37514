import type { TReviewTemplate } from '@platform/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../../test/test-utils';
import { ReviewTemplatesTab } from './ReviewTemplatesTab';

const TEMPLATE: TReviewTemplate = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Cropped',
  body: 'Hi {{firstName}}, the sign is cut off.',
  criterion: 1,
  sortOrder: 0,
  uses: 12,
  createdBy: null,
  updatedBy: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

function renderTab(handlers: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({ 'GET /api/admin/review-templates': () => jsonResponse({ items: [TEMPLATE], max: 50 }), ...handlers });
  return { ...renderWithProviders(<ReviewTemplatesTab />, { route: '/admin/submissions', preloadedState: signedInState(makeUser({ role: 'admin' })) }), fetchMock };
}

async function paste(user: ReturnType<typeof renderTab>['user'], dialog: HTMLElement, label: string, value: string) {
  await user.click(within(dialog).getByLabelText(label));
  await user.paste(value);
}

describe('Admin > Task Submissions > Reason templates (issue 30 item 2)', () => {
  it('when the tab opens, then each template shows its key, text, criterion and uses', async () => {
    renderTab();
    const table = await screen.findByTestId('review-templates');
    await within(table).findByText('Cropped');
    const row = within(table).getByText('Cropped').closest('tr') as HTMLElement;
    expect(within(row).getByText('1', { selector: 'kbd' })).toBeInTheDocument();
    expect(within(row).getByText('Hi {{firstName}}, the sign is cut off.')).toBeInTheDocument();
    expect(within(row).getByText('12')).toBeInTheDocument();
  });

  it('when an admin writes a template with a hostile text, then the preview shows it as text and the template is sent as typed', async () => {
    const { user, fetchMock } = renderTab({ 'POST /api/admin/review-templates': (init) => jsonResponse({ message: 'Template created', template: { ...TEMPLATE, ...JSON.parse(String(init?.body)) } }, 201) });
    await screen.findByText('Cropped');
    await user.click(screen.getByTestId('template-create'));
    const dialog = await screen.findByRole('dialog', { name: 'New reason template' });
    await paste(user, dialog, 'Title', 'Sign');
    await paste(user, dialog, 'Text', '<b>Hi</b> {{firstName}}: {{criterion}} in {{taskTitle}}');
    await paste(user, dialog, 'Criterion it cites (number, optional)', '2');
    await waitFor(() => expect(within(dialog).getByTestId('template-preview')).toHaveTextContent('<b>Hi</b> Ada: (text of criterion 2) in Photograph a shop sign'));
    expect(within(dialog).getByTestId('template-preview').querySelector('b')).toBeNull();
    await user.click(within(dialog).getByTestId('template-save'));
    expect(await screen.findByText('Template created')).toBeInTheDocument();
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/admin/review-templates')[0]?.body))).toEqual({
      title: 'Sign',
      body: '<b>Hi</b> {{firstName}}: {{criterion}} in {{taskTitle}}',
      criterion: 2,
      sortOrder: 0,
    });
  });

  it('when the server refuses unknown variables, then its message is shown under the Text field and the dialog stays open', async () => {
    const { user } = renderTab({
      'POST /api/admin/review-templates': () =>
        jsonResponse({ code: 'WORK.UNKNOWN_TEMPLATE_VARIABLES', field: 'body', params: { names: 'lastName' }, message: 'Unknown variables: lastName.' }, 400),
    });
    await screen.findByText('Cropped');
    await user.click(screen.getByTestId('template-create'));
    const dialog = await screen.findByRole('dialog', { name: 'New reason template' });
    await paste(user, dialog, 'Title', 'Bad');
    await paste(user, dialog, 'Text', 'Hi {{lastName}}');
    await user.click(within(dialog).getByTestId('template-save'));
    expect(await within(dialog).findByText('Unknown variables: lastName. A template may use only firstName, criterion and taskTitle, each in double braces')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New reason template' })).toBeInTheDocument();
  });
});
