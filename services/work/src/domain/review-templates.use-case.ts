import {
  MAX_REVIEW_TEMPLATES,
  templateVariablesOf,
  unknownTemplateVariables,
  type TCreateReviewTemplateRequest,
  type TReviewTemplate,
  type TReviewTemplateList,
  type TUpdateReviewTemplateRequest,
} from '@platform/contracts';
import { withTransaction, writeEvent, type PoolClient } from '@platform/service-kit';
import {
  countTemplates,
  deleteTemplate,
  findTemplate,
  insertTemplate,
  listTemplates,
  lockTemplateCreation,
  updateTemplate,
  type TTemplateFields,
} from '../data-access/review-templates.repository.js';
import type { TWorkDeps } from './deps.js';
import { WORK_ERRORS } from './work.errors.js';

/**
 * Reason templates of the review cockpit (issue 30 item 2). Their text may use only the variables of contracts
 * REVIEW_TEMPLATE_VARIABLES (an unknown one is refused naming it), and {{criterion}} only in a template that names the
 * criterion it cites. Every change writes review_template.changed (the admin service's audit log) in its transaction.
 */

function checkFields(fields: TTemplateFields): void {
  const unknown = unknownTemplateVariables(fields.body);
  if (unknown.length > 0) throw WORK_ERRORS.unknownTemplateVariables(unknown);
  if (fields.criterion === null && templateVariablesOf(fields.body).includes('criterion')) throw WORK_ERRORS.templateNeedsCriterion();
}

const stateOf = (t: TTemplateFields) => ({ title: t.title, body: t.body, criterion: t.criterion, sortOrder: t.sortOrder });

async function audit(client: PoolClient, templateId: string, action: 'created' | 'updated' | 'deleted', before: TTemplateFields | null, after: TTemplateFields | null, adminId: string) {
  await writeEvent(client, 'review_template.changed', {
    templateId,
    action,
    before: before && stateOf(before),
    after: after && stateOf(after),
    changedBy: adminId,
    changedAt: new Date().toISOString(),
  });
}

/** GET /api/admin/review-templates. */
export async function listReviewTemplates(deps: TWorkDeps): Promise<TReviewTemplateList> {
  return { items: await listTemplates(deps.pool), max: MAX_REVIEW_TEMPLATES };
}

/** POST /api/admin/review-templates: at most MAX_REVIEW_TEMPLATES (creations serialised, so two at the cap cannot both pass). */
export async function createReviewTemplate(deps: TWorkDeps, adminId: string, input: TCreateReviewTemplateRequest): Promise<TReviewTemplate> {
  const fields: TTemplateFields = { title: input.title, body: input.body, criterion: input.criterion ?? null, sortOrder: input.sortOrder ?? 0 };
  checkFields(fields);
  return withTransaction(deps.pool, async (client) => {
    await lockTemplateCreation(client);
    if ((await countTemplates(client)) >= MAX_REVIEW_TEMPLATES) throw WORK_ERRORS.tooManyReviewTemplates(MAX_REVIEW_TEMPLATES);
    const id = await insertTemplate(client, fields, adminId);
    await audit(client, id, 'created', null, fields, adminId);
    return (await findTemplate(client, id)) as TReviewTemplate;
  });
}

/** PATCH /api/admin/review-templates/{id}: the fields sent replace the stored ones; the result is checked whole. A change that changes nothing is not recorded. */
export async function updateReviewTemplate(deps: TWorkDeps, adminId: string, id: string, changes: TUpdateReviewTemplateRequest): Promise<TReviewTemplate> {
  return withTransaction(deps.pool, async (client) => {
    const existing = await findTemplate(client, id, { lock: 'update' });
    if (!existing) throw WORK_ERRORS.reviewTemplateNotFound();
    const fields: TTemplateFields = {
      title: changes.title ?? existing.title,
      body: changes.body ?? existing.body,
      criterion: changes.criterion === undefined ? existing.criterion : changes.criterion,
      sortOrder: changes.sortOrder ?? existing.sortOrder,
    };
    checkFields(fields);
    // Nothing changed (an empty body, or the same values): nothing written, no audit row.
    if (JSON.stringify(stateOf(fields)) === JSON.stringify(stateOf(existing))) return existing;
    await updateTemplate(client, id, fields, adminId);
    await audit(client, id, 'updated', existing, fields, adminId);
    return (await findTemplate(client, id)) as TReviewTemplate;
  });
}

/** DELETE /api/admin/review-templates/{id}: the rejections made from it keep their text. */
export async function deleteReviewTemplate(deps: TWorkDeps, adminId: string, id: string): Promise<void> {
  await withTransaction(deps.pool, async (client) => {
    const existing = await findTemplate(client, id, { lock: 'update' });
    if (!existing || !(await deleteTemplate(client, id))) throw WORK_ERRORS.reviewTemplateNotFound();
    await audit(client, id, 'deleted', existing, null, adminId);
  });
}
