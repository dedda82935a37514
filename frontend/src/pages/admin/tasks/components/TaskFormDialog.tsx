import type { TAdminTask, TCreateTaskRequest } from '@platform/contracts';
import { amountCents, centsToAmount, ESTIMATED_MINUTES_MAX, hourlyRateCents, TASK_SLOTS_MAX } from '@platform/contracts/constants';
import { Checkbox, DatePicker, Form, Input, InputNumber } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/dialogs/FormDialog';
import { useCreateTaskMutation, useUpdateTaskMutation } from '../../../../features/tasks/tasks.admin.api';
import { isoDayOf } from '../../../../app/isoDay';
import { AcceptanceCriteriaField, acceptanceCriteriaRules, criteriaInput } from './AcceptanceCriteriaField';
import { useFormat } from '../../../../app/format';
import { CONTROL_FORM_FIELDS, CONTROL_SERVER_FIELDS, ControlTaskField, controlInitialValues, controlMissing, toControlInput, type TControlFormValues } from './ControlTaskField';

interface TTaskFormValues extends TControlFormValues {
  title?: string;
  description?: string;
  reward?: string | null;
  submissionInstructions?: string;
  dueDate?: Dayjs | null;
  sortOrder?: number | null;
  timeLimitMinutes?: number | null;
  requiresApproval?: boolean;
  estimatedMinutes?: number | null;
  /** How many workers the task takes (1 when left empty). */
  slots?: number | null;
  acceptanceCriteria?: string[];
}

const REQUIRED = ['title', 'description', 'reward', 'submissionInstructions', 'estimatedMinutes'] as const;
type TMissingField = (typeof REQUIRED)[number] | 'controlExpectedAnswer';

/** The required fields still blank, in the form's order (said beside a disabled Create, issue 28 item 5); a control task's answer too. */
export function missingFields(values: TTaskFormValues): TMissingField[] {
  const missing: TMissingField[] = REQUIRED.filter((name) => {
    const value = values[name];
    return value === undefined || value === null || String(value).trim() === '';
  });
  return controlMissing(values) ? [...missing, 'controlExpectedAnswer'] : missing;
}

/** Spec 03 s.5: title, description, reward and submission instructions are required (non-blank); issue 29: the estimated time too. */
export function missingRequired(values: TTaskFormValues): boolean {
  return missingFields(values).length > 0;
}

/** The call's body: reward as text, due date as `YYYY-MM-DD`, empty optional numbers as null (edit) or left out; the control part when set or changed. */
export function toTaskInput(values: TTaskFormValues, task: TAdminTask | null = null): TCreateTaskRequest {
  const input: TCreateTaskRequest = {
    title: (values.title ?? '').trim(),
    description: (values.description ?? '').trim(),
    reward: String(values.reward ?? '').trim(),
    submissionInstructions: (values.submissionInstructions ?? '').trim(),
    dueDate: isoDayOf(values.dueDate) ?? null,
    timeLimitMinutes: values.timeLimitMinutes ?? null,
    requiresApproval: values.requiresApproval ?? false,
    estimatedMinutes: values.estimatedMinutes ?? 0,
    slots: values.slots ?? 1,
    acceptanceCriteria: criteriaInput(values.acceptanceCriteria),
    ...toControlInput(values, task),
  };
  if (values.sortOrder !== undefined && values.sortOrder !== null) input.sortOrder = values.sortOrder;
  return input;
}

function initialValues(task: TAdminTask | null): TTaskFormValues {
  if (!task) return { title: '', description: '', reward: null, submissionInstructions: '', dueDate: null, sortOrder: 0, timeLimitMinutes: null, requiresApproval: false, estimatedMinutes: null, slots: 1, acceptanceCriteria: [], ...controlInitialValues(null) };
  return {
    ...controlInitialValues(task),
    title: task.title,
    description: task.description,
    reward: task.reward,
    submissionInstructions: task.submissionInstructions ?? '',
    dueDate: task.dueDate ? dayjs(task.dueDate) : null,
    sortOrder: task.sortOrder,
    timeLimitMinutes: task.timeLimitMinutes,
    requiresApproval: task.requiresApproval,
    // A task from before estimates holds the migration's default: the admin is asked for a real one.
    estimatedMinutes: task.estimateMissing ? null : task.estimatedMinutes,
    slots: task.slots,
    acceptanceCriteria: [...task.acceptanceCriteria],
  };
}

/** The pay per hour the typed reward and estimate come to (as the server computes it: cents, rounded down), or null. */
export function liveHourlyRate(values: TTaskFormValues): string | null {
  const minutes = values.estimatedMinutes;
  if (values.reward === undefined || values.reward === null || minutes === undefined || minutes === null || !Number.isInteger(minutes)) return null;
  const cents = hourlyRateCents(String(values.reward), minutes);
  return cents === null ? null : centsToAmount(cents);
}

/** What the task's rewards come to when every slot is done (whole cents), or null while the reward or the slots are unusable. */
export function liveTotalReward(values: TTaskFormValues): string | null {
  const slots = values.slots ?? 1;
  if (values.reward === undefined || values.reward === null || !Number.isInteger(slots) || slots < 1) return null;
  const cents = amountCents(String(values.reward));
  return cents === null ? null : centsToAmount(cents * slots);
}

/** A field map of names the server and the form share. */
function sameNames<F extends string>(names: readonly F[]): Record<F, F> {
  return Object.fromEntries(names.map((name) => [name, name])) as Record<F, F>;
}

interface TTaskFormDialogProps {
  open: boolean;
  /** null creates a task. */
  task: TAdminTask | null;
  onClose: () => void;
}

/** Create and edit a task (spec 03 s.5 rules; toasts of s.8). */
export function TaskFormDialog({ open, task, onClose }: TTaskFormDialogProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [form] = Form.useForm<TTaskFormValues>();
  const values = Form.useWatch([], form) as TTaskFormValues | undefined;
  const [createTask] = useCreateTaskMutation();
  const [updateTask] = useUpdateTaskMutation();
  const editing = task !== null;
  const missing = missingFields(values ?? initialValues(task));
  const incomplete = missing.length > 0;
  const rate = liveHourlyRate(values ?? initialValues(task));
  const slots = (values ?? initialValues(task)).slots ?? 1;
  const total = liveTotalReward(values ?? initialValues(task));

  useEffect(() => {
    if (open) form.setFieldsValue(initialValues(task));
  }, [open, task, form]);

  const save = async () => {
    const input = toTaskInput(form.getFieldsValue(true) as TTaskFormValues, task);
    if (task) await updateTask({ id: task.id, changes: input }).unwrap();
    else await createTask(input).unwrap();
  };

  const today = dayjs().startOf('day');
  // Save stays disabled until these are filled; Enter in a field is checked by the same rule (spec 03 s.5).
  const required: Rule[] = [{ required: true, whitespace: true, message: t('work.admin.requiredFields') }];

  return (
    <FormDialog<TTaskFormValues, keyof TTaskFormValues>
      open={open}
      title={t(editing ? 'work.admin.tasks.editTitle' : 'work.admin.tasks.createTitle')}
      form={form}
      fields={{ ...sameNames(['title', 'description', 'submissionInstructions', 'reward', 'estimatedMinutes', 'slots', 'dueDate', 'sortOrder', 'timeLimitMinutes', 'requiresApproval', 'acceptanceCriteria', ...CONTROL_FORM_FIELDS]), ...CONTROL_SERVER_FIELDS }}
      initialValues={initialValues(task)}
      onSubmit={save}
      savedTitle={t(editing ? 'work.admin.tasks.toasts.updated' : 'work.admin.tasks.toasts.created')}
      failedTitle={t(editing ? 'work.admin.tasks.toasts.updateFailed' : 'work.admin.tasks.toasts.createFailed')}
      invalidTitle={t('work.admin.validationError')}
      toastKey={task ? `task.update:${task.id}` : 'task.create'}
      onClose={onClose}
      submitLabel={editing ? undefined : t('work.admin.tasks.create')}
      submitDisabled={incomplete}
      submitTestId="task-form-save"
      width={640}
    >
      <Form.Item name="title" label={t('work.admin.tasks.fields.title')} rules={required}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="description" label={t('work.admin.tasks.fields.description')} rules={required}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} />
      </Form.Item>
      <Form.Item name="submissionInstructions" label={t('work.admin.tasks.fields.submissionInstructions')} rules={required}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <div className="admin-form-grid">
        <Form.Item name="reward" label={t('work.admin.tasks.fields.reward')} rules={required}>
          <InputNumber<string> stringMode min="0" step="0.01" precision={2} style={{ width: '100%' }} prefix="$" />
        </Form.Item>
        <Form.Item name="estimatedMinutes" label={t('work.admin.tasks.fields.estimatedMinutes')} rules={[{ required: true, message: t('work.admin.requiredFields') }]}>
          <InputNumber min={1} max={ESTIMATED_MINUTES_MAX} precision={0} step={1} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="slots" label={t('work.admin.tasks.fields.slots')}>
          <InputNumber min={1} max={TASK_SLOTS_MAX} precision={0} step={1} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="dueDate" label={t('work.admin.tasks.fields.dueDate')}>
          <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" disabledDate={(day) => day.isBefore(today, 'day')} />
        </Form.Item>
        <Form.Item name="sortOrder" label={t('work.admin.tasks.fields.sortOrder')}>
          <InputNumber min={0} precision={0} step={1} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="timeLimitMinutes" label={t('work.admin.tasks.fields.timeLimitMinutes')}>
          <InputNumber min={1} precision={0} step={1} style={{ width: '100%' }} />
        </Form.Item>
      </div>
      <div className="muted" data-testid="task-form-rate" role="status" aria-live="polite">
        {rate !== null ? t('work.admin.tasks.liveRate', { rate: format.money(rate) }) : t('work.admin.tasks.liveRateUnknown')}
        {total !== null && slots > 1 && <div data-testid="task-form-total">{t('work.admin.tasks.liveTotal', { count: slots, total: format.money(total) })}</div>}
      </div>
      <Form.Item name="acceptanceCriteria" label={t('work.admin.tasks.fields.acceptanceCriteria')} extra={t('work.admin.tasks.criteria.hint')} rules={acceptanceCriteriaRules(t)}>
        <AcceptanceCriteriaField />
      </Form.Item>
      <Form.Item name="requiresApproval" valuePropName="checked">
        <Checkbox>{t('work.admin.tasks.fields.requiresApproval')}</Checkbox>
      </Form.Item>
      <ControlTaskField />
      {incomplete && (
        <div className="muted" data-testid="task-form-missing" role="status">
          {t(editing ? 'work.admin.tasks.missingToSave' : 'work.admin.tasks.missingToCreate', {
            fields: missing.map((name) => (name === 'controlExpectedAnswer' ? t('work.admin.control.expectedAnswer') : t(`work.admin.tasks.fields.${name}`))).join(', '),
          })}
        </div>
      )}
    </FormDialog>
  );
}
