import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATES } from '../src/domain/default-templates.js';
import { startAdminHarness, type TAdminHarness } from './helpers.js';

let h: TAdminHarness;

beforeAll(async () => {
  h = await startAdminHarness('admin_templates');
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.service.pool.query('DELETE FROM email_templates');
});

async function call(method: string, path: string, options: { body?: unknown; token?: string | null } = {}) {
  const token = options.token === undefined ? h.adminToken : options.token;
  const res = await fetch(`${h.service.url}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown> & Record<number, Record<string, unknown>>) : undefined };
}

const validTemplate = {
  name: 'task-reminder',
  subject: 'A reminder for {{userName}}',
  htmlContent: '<p>Hello {{userName}}, your task {{taskTitle}} is waiting.</p>',
  textContent: 'Hello {{userName}}, your task {{taskTitle}} is waiting.',
};

describe('access to /api/admin/email-templates', () => {
  it('when no token is sent, then every call answers 401', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/email-templates'],
      ['POST', '/api/admin/email-templates'],
      ['POST', '/api/admin/email-templates/defaults'],
      ['PATCH', `/api/admin/email-templates/${randomUUID()}`],
    ] as const) {
      const res = await call(method, path, { token: null, ...(method === 'GET' ? {} : { body: validTemplate }) });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toMatchObject({ code: 'AUTH.UNAUTHENTICATED' });
    }
  });

  it('when an employee token is sent, then every call answers 403, even with an invalid body', async () => {
    expect((await call('GET', '/api/admin/email-templates', { token: h.employeeToken })).status).toBe(403);
    const create = await call('POST', '/api/admin/email-templates', { token: h.employeeToken, body: {} });
    expect(create.status).toBe(403);
    expect(create.body).toMatchObject({ code: 'AUTH.FORBIDDEN' });
    expect((await call('POST', '/api/admin/email-templates/defaults', { token: h.employeeToken })).status).toBe(403);
    expect((await call('PATCH', `/api/admin/email-templates/${randomUUID()}`, { token: h.employeeToken, body: { subject: 'x' } })).status).toBe(403);
    const { rows } = await h.service.pool.query('SELECT count(*)::int AS n FROM email_templates');
    expect(rows[0].n).toBe(0);
  });

  it('when the token is signed by another key, then the call answers 401', async () => {
    const forged = `${h.adminToken.slice(0, -4)}AAAA`;
    expect((await call('GET', '/api/admin/email-templates', { token: forged })).status).toBe(401);
  });
});

describe('POST /api/admin/email-templates', () => {
  it('when the template is valid, then it is created and listed with its variables', async () => {
    const res = await call('POST', '/api/admin/email-templates', { body: validTemplate });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...validTemplate, variables: ['userName', 'taskTitle'] });
    expect(res.body?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof res.body?.createdAt).toBe('string');
    const list = await call('GET', '/api/admin/email-templates');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([res.body]);
  });

  it('when variables are given, then they are stored as given', async () => {
    const res = await call('POST', '/api/admin/email-templates', { body: { ...validTemplate, variables: ['userName', 'taskTitle', 'extra'] } });
    expect(res.status).toBe(201);
    expect(res.body?.variables).toEqual(['userName', 'taskTitle', 'extra']);
  });

  it.each([
    ['name', 'Name is required'],
    ['subject', 'Subject is required'],
    ['htmlContent', 'HTML content is required'],
    ['textContent', 'Text content is required'],
  ])('when %s is missing or blank, then 400 says "%s"', async (field, message) => {
    const missing = { ...validTemplate } as Record<string, unknown>;
    delete missing[field];
    for (const body of [missing, { ...validTemplate, [field]: '' }, { ...validTemplate, [field]: '   ' }]) {
      const res = await call('POST', '/api/admin/email-templates', { body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message, code: 'REQUEST.VALIDATION' });
    }
  });

  it('when an unknown field is sent, then 400 names it', async () => {
    const res = await call('POST', '/api/admin/email-templates', { body: { ...validTemplate, isActive: true } });
    expect(res.status).toBe(400);
    expect(res.body?.message).toBe('Unknown field(s): isActive');
  });

  it('when a variable name is not a plain name, then 400', async () => {
    const res = await call('POST', '/api/admin/email-templates', { body: { ...validTemplate, variables: ['user name'] } });
    expect(res.status).toBe(400);
    expect(res.body?.message).toBe('A variable name may contain only letters, digits and _');
  });

  it('when the HTML content is not a valid Mustache template, then 400 says which part and why', async () => {
    const res = await call('POST', '/api/admin/email-templates', { body: { ...validTemplate, htmlContent: '<p>{{#items}}{{name}}</p>' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'ADMIN.TEMPLATE_INVALID' });
    expect(res.body?.message).toMatch(/^HTML content is not a valid template: Unclosed section "items"/);
    const unclosedTag = await call('POST', '/api/admin/email-templates', { body: { ...validTemplate, subject: 'Hi {{userName' } });
    expect(unclosedTag.body?.message).toMatch(/^Subject is not a valid template: Unclosed tag/);
  });

  it('when the name is taken, then 409 and the first template is unchanged', async () => {
    expect((await call('POST', '/api/admin/email-templates', { body: validTemplate })).status).toBe(201);
    const res = await call('POST', '/api/admin/email-templates', { body: { ...validTemplate, subject: 'Other' } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'ADMIN.TEMPLATE_NAME_TAKEN', message: 'A template named "task-reminder" already exists' });
    const list = await call('GET', '/api/admin/email-templates');
    expect((list.body as unknown as { subject: string }[]).map((t) => t.subject)).toEqual([validTemplate.subject]);
  });
});

describe('PATCH /api/admin/email-templates/{id}', () => {
  it('when the whole form is sent with the same name, then the template is updated and its variables follow the content', async () => {
    const created = (await call('POST', '/api/admin/email-templates', { body: validTemplate })).body!;
    const res = await call('PATCH', `/api/admin/email-templates/${created.id}`, {
      body: { ...validTemplate, subject: 'Still waiting: {{taskTitle}}', textContent: 'Hi {{userName}}, {{taskTitle}} by {{dueDate}}' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, name: 'task-reminder', subject: 'Still waiting: {{taskTitle}}', variables: ['taskTitle', 'userName', 'dueDate'] });
    expect(new Date(String(res.body?.updatedAt)).getTime()).toBeGreaterThanOrEqual(new Date(String(created.updatedAt)).getTime());
  });

  it('when only the subject is sent, then only the subject changes', async () => {
    const created = (await call('POST', '/api/admin/email-templates', { body: validTemplate })).body!;
    const res = await call('PATCH', `/api/admin/email-templates/${created.id}`, { body: { subject: 'New subject' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...validTemplate, subject: 'New subject' });
  });

  it('when an admin edits a template, then the row is marked edited, which template migrations must spare (issue 28)', async () => {
    const created = (await call('POST', '/api/admin/email-templates', { body: validTemplate })).body!;
    const editedAt = async () => (await h.service.pool.query<{ edited_at: Date | null }>('SELECT edited_at FROM email_templates WHERE id = $1', [created.id])).rows[0]!.edited_at;
    expect(await editedAt()).toBeNull();
    const refused = await call('PATCH', `/api/admin/email-templates/${created.id}`, { body: { ...validTemplate, name: 'renamed' } });
    expect(refused.status).toBe(400);
    expect(await editedAt()).toBeNull();
    expect((await call('PATCH', `/api/admin/email-templates/${created.id}`, { body: { subject: 'Edited' } })).status).toBe(200);
    expect(await editedAt()).toBeInstanceOf(Date);
    // What a template migration written by the rule does: the edited row is left as the admin wrote it.
    await h.service.pool.query("UPDATE email_templates SET subject = 'Migrated' WHERE id = $1 AND edited_at IS NULL", [created.id]);
    const stored = await h.service.pool.query<{ subject: string }>('SELECT subject FROM email_templates WHERE id = $1', [created.id]);
    expect(stored.rows).toEqual([{ subject: 'Edited' }]);
  });

  it('when the name differs, then 400 "Template name cannot be changed" and nothing changes', async () => {
    const created = (await call('POST', '/api/admin/email-templates', { body: validTemplate })).body!;
    const res = await call('PATCH', `/api/admin/email-templates/${created.id}`, { body: { ...validTemplate, name: 'renamed', subject: 'X' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Template name cannot be changed', code: 'ADMIN.TEMPLATE_NAME_IMMUTABLE' });
    const list = await call('GET', '/api/admin/email-templates');
    expect(list.body).toEqual([created]);
  });

  it.each([
    ['name', 'Name is required'],
    ['subject', 'Subject is required'],
    ['htmlContent', 'HTML content is required'],
    ['textContent', 'Text content is required'],
  ])('when %s is sent blank, then 400 says "%s"', async (field, message) => {
    const created = (await call('POST', '/api/admin/email-templates', { body: validTemplate })).body!;
    const res = await call('PATCH', `/api/admin/email-templates/${created.id}`, { body: { ...validTemplate, [field]: ' ' } });
    expect(res.status).toBe(400);
    expect(res.body?.message).toBe(message);
  });

  it('when the text content does not parse, then 400 and nothing changes', async () => {
    const created = (await call('POST', '/api/admin/email-templates', { body: validTemplate })).body!;
    const res = await call('PATCH', `/api/admin/email-templates/${created.id}`, { body: { textContent: '{{/userName}}' } });
    expect(res.status).toBe(400);
    expect(res.body?.message).toMatch(/^Text content is not a valid template: /);
  });

  it('when the id is unknown or not an id, then 404', async () => {
    for (const id of [randomUUID(), 'not-an-id']) {
      const res = await call('PATCH', `/api/admin/email-templates/${id}`, { body: { subject: 'X' } });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ message: 'Template not found', code: 'ADMIN.TEMPLATE_NOT_FOUND' });
    }
  });
});

describe('POST /api/admin/email-templates/defaults', () => {
  it('when no templates exist, then every built-in template is created in both languages, with its placeholders', async () => {
    const res = await call('POST', '/api/admin/email-templates/defaults');
    expect(res.status).toBe(200);
    const list = res.body as unknown as { name: string; variables: string[]; subjectRu: string | null; placeholders: { name: string; required: boolean }[] }[];
    expect(list.map((t) => t.name).sort()).toEqual([
      'account-deleted',
      'appeal-decided',
      'appeal-received',
      'password-reset',
      'support-reply',
      'verification-decision',
      'welcome',
      'withdrawal-approved',
      'withdrawal-rejected',
      'withdrawal-requested',
    ]);
    for (const template of list) expect(template.subjectRu, template.name).toMatch(/[А-Яа-яЁё]/);
    const reset = list.find((t) => t.name === 'password-reset')!;
    expect(reset.variables.sort()).toEqual(['expiresInMinutes', 'platformName', 'resetUrl', 'userName']);
    expect(reset.placeholders).toContainEqual({ name: 'resetUrl', required: true });
    expect(reset.placeholders).toContainEqual({ name: 'userName', required: false });
  });

  it('when called again or concurrently, then nothing is duplicated and an edited default is kept', async () => {
    const first = (await call('POST', '/api/admin/email-templates/defaults')).body as unknown as { id: string; name: string }[];
    const welcome = first.find((t) => t.name === 'welcome')!;
    await call('PATCH', `/api/admin/email-templates/${welcome.id}`, { body: { subject: 'Our own welcome' } });
    await h.service.pool.query("DELETE FROM email_templates WHERE name = 'password-reset'");
    const results = await Promise.all([1, 2, 3].map(() => call('POST', '/api/admin/email-templates/defaults')));
    for (const r of results) expect(r.status).toBe(200);
    const list = (await call('GET', '/api/admin/email-templates')).body as unknown as { id: string; name: string; subject: string }[];
    expect(list).toHaveLength(DEFAULT_TEMPLATES.length);
    expect(list.find((t) => t.name === 'welcome')).toMatchObject({ id: welcome.id, subject: 'Our own welcome' });
    expect(list.find((t) => t.name === 'password-reset')?.subject).toBe('Reset your password');
  });

  it('when a custom template exists, then it is kept beside the defaults', async () => {
    await call('POST', '/api/admin/email-templates', { body: validTemplate });
    const list = (await call('POST', '/api/admin/email-templates/defaults')).body as unknown as { name: string }[];
    expect(list.map((t) => t.name)).toEqual([...DEFAULT_TEMPLATES.map((t) => t.name), 'task-reminder'].sort());
    expect((list as unknown as { name: string; placeholders: unknown[] }[]).find((t) => t.name === 'task-reminder')?.placeholders).toEqual([]);
  });
});

describe('the Russian version and the placeholders of a template (issue 28)', () => {
  const russian = { subjectRu: 'Напоминание для {{userName}}', htmlContentRu: '<p>Здравствуйте, {{userName}}</p>', textContentRu: 'Здравствуйте, {{userName}}' };

  it('when a template is created with a Russian version, then both languages are stored and read back', async () => {
    const res = await call('POST', '/api/admin/email-templates', { body: { ...validTemplate, ...russian } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ subject: validTemplate.subject, ...russian });
    const edit = await call('PATCH', `/api/admin/email-templates/${String(res.body!.id)}`, {
      body: { subjectRu: 'Новая тема', htmlContentRu: '<p>Новый текст</p>', textContentRu: 'Новый текст' },
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ subject: validTemplate.subject, subjectRu: 'Новая тема', textContentRu: 'Новый текст' });
  });

  it('when a template is created without a Russian version, then its Russian parts are null', async () => {
    const res = await call('POST', '/api/admin/email-templates', { body: validTemplate });
    expect(res.body).toMatchObject({ subjectRu: null, htmlContentRu: null, textContentRu: null });
  });

  it('when only part of the Russian version is sent, then 400 names each missing part', async () => {
    const res = await call('POST', '/api/admin/email-templates', { body: { ...validTemplate, subjectRu: 'Тема' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'htmlContentRu', message: 'Russian HTML content is required with the other Russian parts' });
    const patch = await call('POST', '/api/admin/email-templates/defaults');
    const welcome = (patch.body as unknown as { id: string; name: string }[]).find((t) => t.name === 'welcome')!;
    const edit = await call('PATCH', `/api/admin/email-templates/${welcome.id}`, { body: { textContentRu: 'Текст {{loginUrl}}' } });
    expect(edit.status).toBe(400);
    expect(edit.body).toMatchObject({ field: 'subjectRu' });
  });

  it('when the Russian text does not parse, then 400 names the Russian part', async () => {
    const res = await call('POST', '/api/admin/email-templates', { body: { ...validTemplate, ...russian, htmlContentRu: '<p>{{userName</p>' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'ADMIN.TEMPLATE_INVALID', details: [{ path: 'htmlContentRu' }] });
    expect(String(res.body!.message)).toMatch(/^Russian HTML content is not a valid template: /);
  });

  it('when a built-in template uses a placeholder its mail is not given, then 400 names the part and the placeholder', async () => {
    const defaults = (await call('POST', '/api/admin/email-templates/defaults')).body as unknown as { id: string; name: string }[];
    const reset = defaults.find((t) => t.name === 'password-reset')!;
    const res = await call('PATCH', `/api/admin/email-templates/${reset.id}`, { body: { subject: 'Reset for {{balance}}' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'ADMIN.TEMPLATE_INVALID', details: [{ path: 'subject' }] });
    expect(String(res.body!.message)).toBe(
      'Subject uses {{balance}}, which the password-reset e-mail is not given (it has: platformName, userName, resetUrl, expiresInMinutes)',
    );
  });

  it('when a built-in template drops a required placeholder, then 400 (a reset mail without its link), in either language', async () => {
    const defaults = (await call('POST', '/api/admin/email-templates/defaults')).body as unknown as { id: string; name: string }[];
    const reset = defaults.find((t) => t.name === 'password-reset')!;
    const res = await call('PATCH', `/api/admin/email-templates/${reset.id}`, { body: { textContent: 'Hello {{userName}}' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ details: [{ path: 'textContent' }], message: 'Text content must use {{resetUrl}}: the password-reset e-mail needs it' });
    const ru = await call('PATCH', `/api/admin/email-templates/${reset.id}`, {
      body: { subjectRu: 'Сброс', htmlContentRu: '<p>Здравствуйте</p>', textContentRu: '{{resetUrl}}' },
    });
    expect(ru.status).toBe(400);
    expect(ru.body).toMatchObject({ details: [{ path: 'htmlContentRu' }] });
  });

  it('when the service starts with a stored built-in template that has no Russian version, then it is given the built-in one (an own Russian text is kept)', async () => {
    await h.service.pool.query(
      `INSERT INTO email_templates (id, name, subject, html_content, text_content, variables)
       VALUES (gen_random_uuid(), 'support-reply', 'Support replied', '<p>{{chatUrl}}</p>', '{{chatUrl}}', ARRAY['chatUrl'])`,
    );
    await call('POST', '/api/admin/email-templates', { body: { ...validTemplate, name: 'welcome', htmlContent: '{{loginUrl}}', textContent: '{{loginUrl}}', subjectRu: 'Своя тема', htmlContentRu: '{{loginUrl}}', textContentRu: '{{loginUrl}}' } });
    const { fillBuiltInTranslations } = await import('../src/domain/email-templates.use-case.js');
    expect(await fillBuiltInTranslations({ pool: h.service.pool, logger: h.service.logger })).toEqual(['support-reply']);
    const list = (await call('GET', '/api/admin/email-templates')).body as unknown as { name: string; subject: string; subjectRu: string; variables: string[] }[];
    expect(list.find((t) => t.name === 'support-reply')).toMatchObject({ subject: 'Support replied', subjectRu: 'Поддержка ответила на ваше сообщение' });
    expect(list.find((t) => t.name === 'support-reply')?.variables).toEqual(['chatUrl', 'platformName', 'userName', 'preview']);
    expect(list.find((t) => t.name === 'welcome')?.subjectRu).toBe('Своя тема');
    expect(await fillBuiltInTranslations({ pool: h.service.pool, logger: h.service.logger })).toEqual([]);
  });
});
