import type { TAdminSubmission, TReviewTemplate } from '@platform/contracts';
import { MAX_REJECTION_REASON_LENGTH } from '@platform/contracts/constants';
import { Button, Checkbox, Input, Modal } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useReviewTemplatesQuery } from '../../../../features/tasks/tasks.admin.api';
import { isPlainKey, isTypingTarget, templateFits, templateTextFor } from './reviewText';

export interface TRejectInput {
  reason: string;
  /** The numbers of the acceptance criteria not met (1 = the first). */
  criteria: number[];
  /** The template the text was made from, when one was picked (the server counts its use). */
  templateId?: string;
}

interface TRejectSubmissionDialogProps {
  open: boolean;
  submission: TAdminSubmission | null;
  loading?: boolean;
  onCancel: () => void;
  /** Receives the trimmed reason and the criteria; never called with a blank reason, nor without a criterion when the task has some. */
  onConfirm: (input: TRejectInput) => void;
}

/** Keys 1 to 9 pick the first nine templates. */
export const TEMPLATE_KEYS = 9;

/**
 * Reject a submission (spec 03; issues 29 and 30): which of the task's acceptance criteria were not met (at least one
 * when the task has criteria: the server requires it), a reason template (keys 1-9, or a click), and the reason,
 * filled from the template for this submission and editable before confirming. Outside the text: 1-9 pick, E edits the
 * text, Enter rejects; in the text, Ctrl+Enter rejects. Escape cancels.
 */
export function RejectSubmissionDialog(props: TRejectSubmissionDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={props.open} title={t('work.admin.submissions.rejectTitle')} onCancel={props.onCancel} footer={null} destroyOnHidden width={640}>
      {props.open && props.submission && <RejectForm key={props.submission.id} {...props} submission={props.submission} />}
    </Modal>
  );
}

function RejectForm({ submission, loading = false, onCancel, onConfirm }: TRejectSubmissionDialogProps & { submission: TAdminSubmission }) {
  const { t } = useTranslation();
  const templates = useReviewTemplatesQuery();
  const items = templates.data?.items ?? [];
  const [reason, setReason] = useState('');
  const [criteria, setCriteria] = useState<number[]>([]);
  const [templateId, setTemplateId] = useState<string | undefined>(undefined);
  const [touched, setTouched] = useState(false);
  const pickerRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<TextAreaRef>(null);
  const taskCriteria = submission.taskAcceptanceCriteria;
  const blank = reason.trim() === '';
  const criteriaMissing = taskCriteria.length > 0 && criteria.length === 0;
  const invalid = blank || criteriaMissing;

  // The keys work at once: the focus starts on the picker (not in the text, where digits would be typed).
  useEffect(() => {
    const timer = setTimeout(() => pickerRef.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, []);

  const pick = (template: TReviewTemplate) => {
    if (!templateFits(template, submission)) return;
    setTemplateId(template.id);
    setReason(templateTextFor(template, submission));
    if (template.criterion !== null) setCriteria((current) => (current.includes(template.criterion as number) ? current : [...current, template.criterion as number].sort((a, b) => a - b)));
  };

  const submit = () => {
    setTouched(true);
    if (!invalid && !loading) onConfirm({ reason: reason.trim(), criteria, ...(templateId ? { templateId } : {}) });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
      return;
    }
    if (isTypingTarget(event.target) || !isPlainKey(event)) return;
    if (/^[1-9]$/.test(event.key)) {
      const template = items[Number(event.key) - 1];
      if (template) {
        event.preventDefault();
        pick(template);
      }
    } else if (event.key === 'e' || event.key === 'E') {
      event.preventDefault();
      textRef.current?.focus({ cursor: 'end' });
    } else if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement)) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <div className="reject-form" onKeyDown={onKeyDown} data-testid="reject-form">
      <p className="muted">{t('work.admin.submissions.rejectText')}</p>
      {taskCriteria.length > 0 && (
        <fieldset className="reject-criteria">
          <legend className="submit-form-label">{t('work.admin.submissions.criteriaLabel')}</legend>
          <Checkbox.Group value={criteria} onChange={(values) => setCriteria([...values].sort((a, b) => a - b))} className="reject-criteria-list">
            {taskCriteria.map((text, index) => (
              <div key={index} data-testid={`reject-criterion-${index + 1}`}>
                <Checkbox value={index + 1}>
                  <span className="criterion-number">{index + 1}.</span> {text}
                </Checkbox>
              </div>
            ))}
          </Checkbox.Group>
          {touched && criteriaMissing && (
            <div className="field-error" role="alert">
              {t('work.admin.submissions.criteriaRequired')}
            </div>
          )}
        </fieldset>
      )}
      <div className="reject-templates" ref={pickerRef} tabIndex={-1} role="group" aria-label={t('work.admin.submissions.templates.pickerLabel')} data-testid="template-picker">
        <div className="submit-form-label">{t('work.admin.submissions.templates.pickerLabel')}</div>
        {templates.isLoading ? (
          <span className="muted small">{t('common.loading')}</span>
        ) : items.length === 0 ? (
          <span className="muted small">{t('work.admin.submissions.templates.noneYet')}</span>
        ) : (
          <ol className="reject-template-list">
            {items.map((template, index) => {
              const fits = templateFits(template, submission);
              return (
                <li key={template.id}>
                  <Button
                    size="small"
                    type={templateId === template.id ? 'primary' : 'default'}
                    disabled={!fits}
                    onClick={() => pick(template)}
                    title={fits ? undefined : t('work.admin.submissions.templates.noSuchCriterion', { number: template.criterion ?? 0 })}
                    data-testid={`template-option-${index + 1}`}
                  >
                    {index < TEMPLATE_KEYS && <kbd className="key-cap">{index + 1}</kbd>}
                    <span className="reject-template-title">{template.title}</span>
                  </Button>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      <label className="submit-form-label" htmlFor="reject-reason-text">
        {t('work.admin.submissions.reasonLabel')}
      </label>
      <Input.TextArea
        id="reject-reason-text"
        ref={textRef}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        onBlur={() => setTouched(true)}
        autoSize={{ minRows: 3, maxRows: 8 }}
        maxLength={MAX_REJECTION_REASON_LENGTH}
        status={touched && blank ? 'error' : undefined}
      />
      {touched && blank && (
        <div className="field-error" role="alert">
          {t('work.admin.submissions.reasonRequired')}
        </div>
      )}
      <p className="muted small">{t('work.admin.submissions.rejectKeys')}</p>
      <div className="dialog-footer">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" danger disabled={invalid} loading={loading} onClick={submit} data-testid="reject-confirm">
          {t('work.admin.submissions.reject')}
        </Button>
      </div>
    </div>
  );
}
