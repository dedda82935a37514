import {
  findAllTemplates,
  findTemplateById,
  insertTemplate,
  updateTemplateById,
  type TEmailTemplate,
} from '../data-access/email-templates.repository.js';
import { ADMIN_ERRORS } from './admin.errors.js';
import type { TAdminDeps } from './deps.js';
import { DEFAULT_TEMPLATES } from './default-templates.js';
import { extractVariables, findTemplateProblem, type TTemplateParts } from './template-rendering.js';

export interface TCreateTemplateInput {
  name: string;
  subject: string;
  htmlContent: string;
  textContent: string;
  variables?: string[] | undefined;
}

export interface TUpdateTemplateInput {
  name?: string | undefined;
  subject?: string | undefined;
  htmlContent?: string | undefined;
  textContent?: string | undefined;
  variables?: string[] | undefined;
}

function assertParses(parts: Partial<TTemplateParts>): void {
  const problem = findTemplateProblem(parts);
  if (problem) throw ADMIN_ERRORS.templateInvalid(problem.field, problem.message);
}

export async function listEmailTemplates(deps: TAdminDeps): Promise<TEmailTemplate[]> {
  return findAllTemplates(deps.pool);
}

/** Creates a template after checking that it parses; the variables default to those the template uses. */
export async function createEmailTemplate(deps: TAdminDeps, input: TCreateTemplateInput): Promise<TEmailTemplate> {
  assertParses(input);
  const created = await insertTemplate(deps.pool, { ...input, variables: input.variables ?? extractVariables(input) });
  if (!created) throw ADMIN_ERRORS.templateNameTaken(input.name);
  return created;
}

/** Edits subject, bodies and variables; the name is the template's identity for the mailer and cannot change. */
export async function updateEmailTemplate(deps: TAdminDeps, id: string, input: TUpdateTemplateInput): Promise<TEmailTemplate> {
  const current = await findTemplateById(deps.pool, id);
  if (!current) throw ADMIN_ERRORS.templateNotFound();
  if (input.name !== undefined && input.name !== current.name) throw ADMIN_ERRORS.templateNameImmutable();
  assertParses(input);
  const merged = {
    subject: input.subject ?? current.subject,
    htmlContent: input.htmlContent ?? current.htmlContent,
    textContent: input.textContent ?? current.textContent,
  };
  const contentChanged = input.subject !== undefined || input.htmlContent !== undefined || input.textContent !== undefined;
  const variables = input.variables ?? (contentChanged ? extractVariables(merged) : undefined);
  const updated = await updateTemplateById(deps.pool, id, { ...merged, ...(variables ? { variables } : {}) });
  if (!updated) throw ADMIN_ERRORS.templateNotFound();
  return updated;
}

/** Creates whichever of the three default templates is missing (an edited one is left alone); returns the list. */
export async function createDefaultEmailTemplates(deps: TAdminDeps): Promise<TEmailTemplate[]> {
  for (const template of DEFAULT_TEMPLATES) {
    await insertTemplate(deps.pool, { ...template, variables: [...template.variables] });
  }
  return findAllTemplates(deps.pool);
}
