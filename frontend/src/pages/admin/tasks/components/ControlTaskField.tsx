import type { TAdminTask, TControlMatch } from '@platform/contracts';
import { MAX_CONTROL_ANSWER_LENGTH, normaliseControlAnswer } from '@platform/contracts/constants';
import { Checkbox, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The task form's control part (issue 30 item 5), self-contained: the flag, the expected answer and how answers are
 * compared. Its values live in the task form under their own names; the helpers below turn them into the task call's
 * `control` and back, so the form only spreads them in.
 */
export interface TControlFormValues {
  controlEnabled?: boolean;
  controlExpectedAnswer?: string;
  controlMatch?: TControlMatch;
}

/** The form's names of the control part, and where the server's refusals of it are shown (`field` of its errors). */
export const CONTROL_FORM_FIELDS = ['controlEnabled', 'controlExpectedAnswer', 'controlMatch'] as const;
export const CONTROL_SERVER_FIELDS = {
  control: 'controlExpectedAnswer',
  'control.expectedAnswer': 'controlExpectedAnswer',
  'control.match': 'controlMatch',
} as const;

export function controlInitialValues(task: TAdminTask | null): TControlFormValues {
  const control = task?.control ?? null;
  return { controlEnabled: control !== null, controlExpectedAnswer: control?.expectedAnswer ?? '', controlMatch: control?.match ?? 'normalised' };
}

/** The flag is on and the expected answer still blank: the task cannot be saved yet. */
export function controlMissing(values: TControlFormValues): boolean {
  return values.controlEnabled === true && (values.controlExpectedAnswer ?? '').trim() === '';
}

/**
 * The call's `control` part: the answer (trimmed) and the match when the flag is on; null when an edit turns a control
 * task into an ordinary one; left out when nothing changed (so an unrelated edit does not re-set the answer).
 */
export function toControlInput(values: TControlFormValues, task: TAdminTask | null): { control?: { expectedAnswer: string; match: TControlMatch } | null } {
  const current = task?.control ?? null;
  if (!values.controlEnabled) return current ? { control: null } : {};
  const control = { expectedAnswer: (values.controlExpectedAnswer ?? '').trim(), match: values.controlMatch ?? ('normalised' as TControlMatch) };
  if (current && current.expectedAnswer === control.expectedAnswer && current.match === control.match) return {};
  return { control };
}

/** The flag, and with it on, the expected answer and the match (with what a normalised answer is compared as). */
export function ControlTaskField() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<TControlFormValues>();
  const enabled = Form.useWatch('controlEnabled', form) === true;
  const answer = (Form.useWatch('controlExpectedAnswer', form) as string | undefined) ?? '';
  const match = (Form.useWatch('controlMatch', form) as TControlMatch | undefined) ?? 'normalised';
  const comparedAs = normaliseControlAnswer(answer);
  return (
    <fieldset className="control-task-field" data-testid="control-task-field" style={{ border: 0, padding: 0, margin: 0 }}>
      <Form.Item name="controlEnabled" valuePropName="checked" extra={t('work.admin.control.flagHint')} style={{ marginBottom: enabled ? 12 : undefined }}>
        <Checkbox data-testid="control-flag">{t('work.admin.control.flag')}</Checkbox>
      </Form.Item>
      {enabled && (
        <>
          <Form.Item
            name="controlExpectedAnswer"
            label={t('work.admin.control.expectedAnswer')}
            rules={[{ required: true, whitespace: true, message: t('work.admin.control.expectedAnswerRequired') }]}
            extra={
              match === 'normalised' && comparedAs !== '' && comparedAs !== answer.trim() ? (
                <span data-testid="control-compared-as">{t('work.admin.control.comparedAs', { answer: comparedAs })}</span>
              ) : undefined
            }
          >
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={MAX_CONTROL_ANSWER_LENGTH} showCount data-testid="control-expected-answer" />
          </Form.Item>
          <Form.Item name="controlMatch" label={t('work.admin.control.match')}>
            <Radio.Group style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
              <Radio value="normalised" data-testid="control-match-normalised">
                {t('work.admin.control.matchNormalised')}
              </Radio>
              <Radio value="exact" data-testid="control-match-exact">
                {t('work.admin.control.matchExact')}
              </Radio>
            </Radio.Group>
          </Form.Item>
        </>
      )}
    </fieldset>
  );
}
