import type { TAdminSubmission, TReviewTemplate } from '@platform/contracts';
import { renderReviewTemplate } from '@platform/contracts/review-template-text';

/**
 * Whether a keyboard event comes from where the admin types (a text field, a text area, a select's search, an editable
 * element): the review keys never fire there.
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type;
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(type);
  }
  const role = target.getAttribute('role');
  return role === 'textbox' || role === 'combobox' || role === 'searchbox';
}

/** Whether a key press is a plain one (no Ctrl, Alt or Meta): browser and system shortcuts are left alone. */
export function isPlainKey(event: Pick<KeyboardEvent, 'ctrlKey' | 'altKey' | 'metaKey'>): boolean {
  return !event.ctrlKey && !event.altKey && !event.metaKey;
}

/** Whether a template can be used on this submission: it names no criterion, or one the task has. */
export function templateFits(template: Pick<TReviewTemplate, 'criterion'>, submission: Pick<TAdminSubmission, 'taskAcceptanceCriteria'>): boolean {
  return template.criterion === null || template.criterion <= submission.taskAcceptanceCriteria.length;
}

/**
 * A template's text for one submission (contracts' renderReviewTemplate: one pass, values as plain text, cut to their
 * caps): the worker's first name, the named criterion's text and the task's title.
 */
export function templateTextFor(template: Pick<TReviewTemplate, 'body' | 'criterion'>, submission: Pick<TAdminSubmission, 'userFirstName' | 'taskTitle' | 'taskAcceptanceCriteria'>): string {
  const criterion = template.criterion === null ? undefined : submission.taskAcceptanceCriteria[template.criterion - 1];
  return renderReviewTemplate(template.body, { firstName: submission.userFirstName, criterion, taskTitle: submission.taskTitle });
}
