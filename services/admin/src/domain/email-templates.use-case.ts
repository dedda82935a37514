import type { TEmailTemplateResponse } from '@platform/contracts';
import {
  fillRussianVersion,
  findAllTemplates,
  findTemplateById,
  insertTemplate,
  updateTemplateById,
  type TEmailTemplate,
} from '../data-access/email-templates.repository.js';
import { ADMIN_ERRORS } from './admin.errors.js';
import type { TAdminDeps } from './deps.js';
import { DEFAULT_TEMPLATES, findDefaultTemplate } from './default-templates.js';
import { extractVariables, findTemplateProblem, TEMPLATE_FIELD_LABELS, type TTemplateField } from './template-rendering.js';

interface TRussianInput {
  subjectRu?: string | null | undefined;
  htmlContentRu?: string | null | undefined;
  textContentRu?: string | null | undefined;
}

export interface TCreateTemplateInput extends TRussianInput {
  name: string;
  subject: string;
  htmlContent: string;
  textContent: string;
  variables?: string[] | undefined;
}

export interface TUpdateTemplateInput extends TRussianInput {
  name?: string | undefined;
  subject?: string | undefined;
  htmlContent?: string | undefined;
  textContent?: string | undefined;
  variables?: string[] | undefined;
}

type TParts = Partial<Record<TTemplateField, string | null>>;

/** The template as the console reads it: with the placeholders a built-in template is given. */
function present(template: TEmailTemplate): TEmailTemplateResponse {
  const builtIn = findDefaultTemplate(template.name);
  return {
    ...template,
    placeholders: builtIn ? builtIn.placeholders.map((name) => ({ name, required: builtIn.required.includes(name) })) : [],
  };
}

/**
 * Each part parses; and for a built-in template (a mail the platform sends), each part uses only the placeholders
 * that mail is given, and each body (HTML and text, in each language it has) keeps the required ones.
 */
function assertValid(name: string, parts: TParts): void {
  const problem = findTemplateProblem(parts);
  if (problem) throw ADMIN_ERRORS.templateInvalid(problem.field, problem.message);
  const builtIn = findDefaultTemplate(name);
  if (!builtIn) return;
  for (const [field, source] of Object.entries(parts) as [TTemplateField, string | null | undefined][]) {
    if (source === undefined || source === null) continue;
    const used = extractVariables({ [field]: source });
    const unknown = used.find((variable) => !builtIn.placeholders.includes(variable));
    if (unknown) {
      throw ADMIN_ERRORS.templateInvalid(
        field,
        `${TEMPLATE_FIELD_LABELS[field]} uses {{${unknown}}}, which the ${name} e-mail is not given (it has: ${builtIn.placeholders.join(', ')})`,
      );
    }
    if (field === 'htmlContent' || field === 'textContent' || field === 'htmlContentRu' || field === 'textContentRu') {
      const missing = builtIn.required.find((variable) => !used.includes(variable));
      if (missing) throw ADMIN_ERRORS.templateInvalid(field, `${TEMPLATE_FIELD_LABELS[field]} must use {{${missing}}}: the ${name} e-mail needs it`);
    }
  }
}

/** The Russian parts of an input: all three (checked whole by the contract), or undefined when none was sent. */
function russianOf(input: TRussianInput): { subject: string; htmlContent: string; textContent: string } | undefined {
  if (!input.subjectRu || !input.htmlContentRu || !input.textContentRu) return undefined;
  return { subject: input.subjectRu, htmlContent: input.htmlContentRu, textContent: input.textContentRu };
}

export async function listEmailTemplates(deps: TAdminDeps): Promise<TEmailTemplateResponse[]> {
  return (await findAllTemplates(deps.pool)).map(present);
}

/** Creates a template after checking it; the variables default to those the template uses. */
export async function createEmailTemplate(deps: TAdminDeps, input: TCreateTemplateInput): Promise<TEmailTemplateResponse> {
  assertValid(input.name, {
    subject: input.subject,
    htmlContent: input.htmlContent,
    textContent: input.textContent,
    subjectRu: input.subjectRu,
    htmlContentRu: input.htmlContentRu,
    textContentRu: input.textContentRu,
  });
  const ru = russianOf(input);
  const created = await insertTemplate(deps.pool, {
    name: input.name,
    subject: input.subject,
    htmlContent: input.htmlContent,
    textContent: input.textContent,
    subjectRu: ru?.subject ?? null,
    htmlContentRu: ru?.htmlContent ?? null,
    textContentRu: ru?.textContent ?? null,
    variables: input.variables ?? extractVariables(input),
  });
  if (!created) throw ADMIN_ERRORS.templateNameTaken(input.name);
  return present(created);
}

/** Edits subject, bodies (either language) and variables; the name is the template's identity for the mailer and cannot change. */
export async function updateEmailTemplate(deps: TAdminDeps, id: string, input: TUpdateTemplateInput): Promise<TEmailTemplateResponse> {
  const current = await findTemplateById(deps.pool, id);
  if (!current) throw ADMIN_ERRORS.templateNotFound();
  if (input.name !== undefined && input.name !== current.name) throw ADMIN_ERRORS.templateNameImmutable();
  const ru = russianOf(input);
  assertValid(current.name, {
    subject: input.subject,
    htmlContent: input.htmlContent,
    textContent: input.textContent,
    subjectRu: ru?.subject,
    htmlContentRu: ru?.htmlContent,
    textContentRu: ru?.textContent,
  });
  const merged = {
    subject: input.subject ?? current.subject,
    htmlContent: input.htmlContent ?? current.htmlContent,
    textContent: input.textContent ?? current.textContent,
  };
  const contentChanged = input.subject !== undefined || input.htmlContent !== undefined || input.textContent !== undefined || ru !== undefined;
  const allParts = {
    ...merged,
    subjectRu: ru?.subject ?? current.subjectRu,
    htmlContentRu: ru?.htmlContent ?? current.htmlContentRu,
    textContentRu: ru?.textContent ?? current.textContentRu,
  };
  const variables = input.variables ?? (contentChanged ? extractVariables(allParts) : undefined);
  const updated = await updateTemplateById(deps.pool, id, { ...merged, ru, ...(variables ? { variables } : {}) });
  if (!updated) throw ADMIN_ERRORS.templateNotFound();
  return present(updated);
}

/** Creates whichever built-in template is missing, in both languages (an edited one is left alone); returns the list. */
export async function createDefaultEmailTemplates(deps: TAdminDeps): Promise<TEmailTemplateResponse[]> {
  for (const template of DEFAULT_TEMPLATES) {
    await insertTemplate(deps.pool, {
      name: template.name,
      ...template.en,
      subjectRu: template.ru.subject,
      htmlContentRu: template.ru.htmlContent,
      textContentRu: template.ru.textContent,
      variables: [...template.placeholders],
    });
  }
  return listEmailTemplates(deps);
}

/**
 * At start: a stored built-in template without a Russian version (stored before issue 28, or by migrations
 * 0007-0009) gets the built-in one, so Russian users are written to in Russian and the editor shows it. Idempotent.
 */
export async function fillBuiltInTranslations(deps: TAdminDeps): Promise<string[]> {
  const filled: string[] = [];
  for (const template of DEFAULT_TEMPLATES) {
    if (await fillRussianVersion(deps.pool, template.name, template.ru, template.placeholders)) filled.push(template.name);
  }
  if (filled.length) deps.logger.info({ templates: filled }, 'gave stored e-mail templates their built-in Russian version');
  return filled;
}
