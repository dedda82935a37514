import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TEmailTemplate } from '../../../features/email/emailTemplates.admin.api';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../test/test-utils';
import { EmailTemplatesSection } from './index';

const LIST = 'GET /api/admin/email-templates';
const CREATE = 'POST /api/admin/email-templates';
const DEFAULTS = 'POST /api/admin/email-templates/defaults';
const WELCOME_ID = '7d9e1c3a-0000-4000-8000-000000000001';
const PATCH = `PATCH /api/admin/email-templates/${WELCOME_ID}`;

function makeTemplate(overrides: Partial<TEmailTemplate> = {}): TEmailTemplate {
  return {
    id: WELCOME_ID,
    name: 'welcome',
    subject: 'Welcome, {{userName}}',
    htmlContent: '<p>Hello {{userName}}, <a href="{{loginUrl}}">sign in</a></p><script>parent.hacked = true</script>',
    textContent: 'Hello {{userName}}, sign in: {{loginUrl}}',
    subjectRu: null,
    htmlContentRu: null,
    textContentRu: null,
    variables: ['userName', 'loginUrl'],
    placeholders: [],
    createdAt: '2026-01-10T10:00:00.000Z',
    updatedAt: '2026-01-12T10:00:00.000Z',
    ...overrides,
  };
}

function renderSection(templates: TEmailTemplate[], handlers: Parameters<typeof mockApi>[0] = {}) {
  let stored = templates;
  const fetchMock = mockApi({
    [LIST]: () => jsonResponse(stored),
    [DEFAULTS]: () => {
      stored = [makeTemplate(), makeTemplate({ id: 'p', name: 'password-reset' }), makeTemplate({ id: 'w', name: 'withdrawal-approved' })];
      return jsonResponse(stored);
    },
    ...handlers,
  });
  const utils = renderWithProviders(<EmailTemplatesSection />, { route: '/admin/email-templates', preloadedState: signedInState(makeUser({ role: 'admin' })) });
  return { ...utils, fetchMock };
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

describe('Email Templates (spec 03 s.2, s.5, s.8)', () => {
  it('when no template exists, then "Create default templates" is offered and one click creates them', async () => {
    const { user, fetchMock } = renderSection([]);
    const action = await screen.findByRole('button', { name: /Create default templates/ });
    await user.click(action);
    expect(await screen.findByText('Default Templates Created')).toBeInTheDocument();
    expect(callsTo(fetchMock, DEFAULTS)).toHaveLength(1);
    // The list is read again and the offer disappears.
    expect(await screen.findByText('password-reset')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create default templates/ })).not.toBeInTheDocument();
  });

  it('when templates exist, then the defaults action is not shown and the list has name, subject and variables', async () => {
    renderSection([makeTemplate()]);
    const row = (await screen.findByText('welcome')).closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Welcome, {{userName}}')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('loginUrl')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create default templates/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('email-templates-empty')).not.toBeInTheDocument();
  });

  it('when the defaults cannot be created, then "Failed to create default templates"', async () => {
    const { user } = renderSection([], { [DEFAULTS]: () => jsonResponse({ message: 'Database unavailable', code: 'X' }, 500) });
    await user.click(await screen.findByRole('button', { name: /Create default templates/ }));
    expect(await screen.findByText('Failed to create default templates')).toBeInTheDocument();
  });

  it('when Create is pressed with the fields empty or blank, then the four required messages and nothing is sent', async () => {
    const { user, fetchMock } = renderSection([makeTemplate()]);
    await user.click(await screen.findByRole('button', { name: /Create template/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Subject'), '   ');
    await user.click(within(dialog).getByTestId('email-template-save'));
    for (const message of ['Name is required', 'Subject is required', 'HTML content is required', 'Text content is required']) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(callsTo(fetchMock, CREATE)).toHaveLength(0);
  });

  it('when a template is created, then the body has the four fields and the variables, and "Template Created"', async () => {
    const { user, fetchMock } = renderSection([makeTemplate()], {
      [CREATE]: (init) => jsonResponse(makeTemplate({ id: 'n', ...bodyOf(init) }), 201),
    });
    await user.click(await screen.findByRole('button', { name: /Create template/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'payout-reminder');
    await user.type(within(dialog).getByLabelText('Subject'), 'Reminder');
    await user.type(within(dialog).getByLabelText('HTML content'), '<b>Hi</b>');
    await user.type(within(dialog).getByLabelText('Text content'), 'Hi');
    await user.type(within(dialog).getByLabelText('Variables'), 'userName{Enter}');
    await user.click(within(dialog).getByTestId('email-template-save'));
    expect(await screen.findByText('Template Created')).toBeInTheDocument();
    expect(callsTo(fetchMock, CREATE).map(bodyOf)).toEqual([{ name: 'payout-reminder', subject: 'Reminder', htmlContent: '<b>Hi</b>', textContent: 'Hi', variables: ['userName'] }]);
  });

  it('when the server refuses a creation, then "Creation Failed" with its message', async () => {
    const { user } = renderSection([makeTemplate()], {
      [CREATE]: () => jsonResponse({ message: 'A template with this name already exists', code: 'ADMIN.TEMPLATE_NAME_TAKEN' }, 409),
    });
    await user.click(await screen.findByRole('button', { name: /Create template/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'welcome');
    await user.type(within(dialog).getByLabelText('Subject'), 'S');
    await user.type(within(dialog).getByLabelText('HTML content'), 'H');
    await user.type(within(dialog).getByLabelText('Text content'), 'T');
    await user.click(within(dialog).getByTestId('email-template-save'));
    expect(await screen.findByText('Creation Failed')).toBeInTheDocument();
    expect(screen.getByText('A template with this name already exists')).toBeInTheDocument();
  });

  it('when a template is edited, then its name cannot be changed, is not sent, and "Template Updated"', async () => {
    const { user, fetchMock } = renderSection([makeTemplate()], {
      [PATCH]: (init) => jsonResponse(makeTemplate(bodyOf(init))),
    });
    await user.click(within((await screen.findByText('welcome')).closest('tr') as HTMLElement).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('welcome');
    expect(name).toBeDisabled();
    expect(within(dialog).getByText('The name cannot be changed')).toBeInTheDocument();
    const subject = within(dialog).getByLabelText('Subject');
    await user.clear(subject);
    await user.type(subject, 'Hello {{{{userName}}');
    await user.click(within(dialog).getByTestId('email-template-save'));
    expect(await screen.findByText('Template Updated')).toBeInTheDocument();
    const [body] = callsTo(fetchMock, PATCH).map(bodyOf);
    expect(body).not.toHaveProperty('name');
    expect(body).toMatchObject({ subject: 'Hello {{userName}}', variables: ['userName', 'loginUrl'] });
  });

  it('when an edit clears a required field, then its message and no PATCH', async () => {
    const { user, fetchMock } = renderSection([makeTemplate()]);
    await user.click(within((await screen.findByText('welcome')).closest('tr') as HTMLElement).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Text content'));
    await user.click(within(dialog).getByTestId('email-template-save'));
    expect(await within(dialog).findByText('Text content is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, PATCH)).toHaveLength(0);
  });

  it('the HTML preview is a sandboxed iframe (no permissions) showing the variables as written', async () => {
    const { user } = renderSection([makeTemplate()]);
    await user.click(within((await screen.findByText('welcome')).closest('tr') as HTMLElement).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const frame = await within(dialog).findByTitle('HTML preview');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    await waitFor(() => expect(frame.getAttribute('srcdoc')).toContain('Hello {{userName}}'));
  });

  describe('both languages (issue 28)', () => {
    const BUILT_IN = makeTemplate({
      subjectRu: 'Добро пожаловать, {{userName}}',
      htmlContentRu: '<p>Здравствуйте, {{userName}}: {{loginUrl}}</p>',
      textContentRu: 'Здравствуйте, {{userName}}: {{loginUrl}}',
      variables: ['platformName', 'userName', 'loginUrl'],
      placeholders: [
        { name: 'platformName', required: false },
        { name: 'userName', required: false },
        { name: 'loginUrl', required: true },
      ],
    });

    const openEdit = async (user: { click: (e: Element) => Promise<void> }) => {
      await user.click(within((await screen.findByText('welcome')).closest('tr') as HTMLElement).getByRole('button', { name: 'Edit' }));
      return screen.findByRole('dialog');
    };

    it('when both languages are edited, then Save sends the English and the Russian version together', async () => {
      const { user, fetchMock } = renderSection([BUILT_IN], { [PATCH]: (init) => jsonResponse(makeTemplate({ ...BUILT_IN, ...bodyOf(init) })) });
      const dialog = await openEdit(user);
      const subject = within(dialog).getByLabelText('Subject');
      await user.clear(subject);
      await user.type(subject, 'Welcome aboard');
      await user.click(within(dialog).getByRole('tab', { name: 'Russian' }));
      const subjectRu = within(dialog).getByLabelText('Russian subject');
      expect(subjectRu).toHaveValue('Добро пожаловать, {{userName}}');
      await user.clear(subjectRu);
      await user.type(subjectRu, 'Добро пожаловать на борт');
      const textRu = within(dialog).getByLabelText('Russian text content');
      await user.clear(textRu);
      await user.type(textRu, 'Войдите: {{{{loginUrl}}');
      // The preview follows the tab shown.
      await waitFor(() => expect(within(dialog).getByTitle('HTML preview').getAttribute('srcdoc')).toContain('Здравствуйте'));
      await user.click(within(dialog).getByTestId('email-template-save'));
      expect(await screen.findByText('Template Updated')).toBeInTheDocument();
      const [body] = callsTo(fetchMock, PATCH).map(bodyOf);
      expect(body).toMatchObject({
        subject: 'Welcome aboard',
        htmlContent: BUILT_IN.htmlContent,
        subjectRu: 'Добро пожаловать на борт',
        htmlContentRu: '<p>Здравствуйте, {{userName}}: {{loginUrl}}</p>',
        textContentRu: 'Войдите: {{loginUrl}}',
      });
    });

    it('when only part of the Russian version is filled, then each empty part says so and nothing is sent', async () => {
      const { user, fetchMock } = renderSection([makeTemplate()]);
      const dialog = await openEdit(user);
      await user.click(within(dialog).getByRole('tab', { name: 'Russian' }));
      await user.type(within(dialog).getByLabelText('Russian subject'), 'Тема');
      await user.click(within(dialog).getByTestId('email-template-save'));
      // The form validates its fields one after another: findAll* settles at the first message, so wait for both.
      await waitFor(() => expect(within(dialog).getAllByText('Fill in all three Russian parts, or leave them all empty')).toHaveLength(2));
      expect(callsTo(fetchMock, PATCH)).toHaveLength(0);
    });

    it('a built-in template lists the placeholders its mail is given, explained, the required ones marked', async () => {
      const { user } = renderSection([BUILT_IN]);
      const dialog = await openEdit(user);
      const list = within(dialog).getByTestId('email-template-placeholders');
      expect(within(list).getByText('{{loginUrl}}').closest('li')).toHaveTextContent('The sign-in page of the app');
      expect(within(within(list).getByText('{{loginUrl}}').closest('li') as HTMLElement).getByText('required')).toBeInTheDocument();
      expect(within(list).getByText('{{platformName}}').closest('li')).toHaveTextContent('The platform name from System Settings');
      expect(list).toHaveTextContent('{{platformName}} is the platform name from System Settings');
    });

    it('in Russian, the editor, its tabs and the placeholders are Russian', async () => {
      mockApi({ [LIST]: () => jsonResponse([BUILT_IN]) });
      const { user } = renderWithProviders(<EmailTemplatesSection />, { route: '/admin/email-templates', language: 'ru', preloadedState: signedInState(makeUser({ role: 'admin' })) });
      await user.click(within((await screen.findByText('welcome')).closest('tr') as HTMLElement).getByRole('button', { name: 'Изменить' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByRole('tab', { name: 'Русский' })).toBeInTheDocument();
      expect(within(dialog).getByText('Подстановки этого письма')).toBeInTheDocument();
      expect(within(dialog).getByText('{{loginUrl}}').closest('li')).toHaveTextContent('Страница входа в приложение');
    });
  });
});
