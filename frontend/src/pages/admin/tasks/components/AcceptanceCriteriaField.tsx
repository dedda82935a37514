import { MAX_ACCEPTANCE_CRITERIA, MAX_CRITERION_LENGTH } from '@platform/contracts/constants';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

interface TAcceptanceCriteriaFieldProps {
  /** Given by the Form.Item it sits in. */
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
}

/** The criteria as sent: each trimmed (a blank one is refused by the rule below, never dropped: numbers must not shift). */
export function criteriaInput(value: readonly string[] | undefined): string[] {
  return (value ?? []).map((text) => text.trim());
}

/** The form rule of the field: no blank criterion (the server refuses it too), at most MAX_ACCEPTANCE_CRITERIA. */
export function acceptanceCriteriaRules(t: TFunction): Rule[] {
  return [
    {
      validator: async (_rule, value: string[] | undefined) => {
        if ((value ?? []).some((text) => text.trim() === '')) throw new Error(t('work.admin.tasks.criteria.blank'));
        if ((value ?? []).length > MAX_ACCEPTANCE_CRITERIA) throw new Error(t('work.admin.tasks.criteria.tooMany', { max: MAX_ACCEPTANCE_CRITERIA }));
      },
    },
  ];
}

/**
 * A task's acceptance criteria (issue 29): a short numbered list a rejection cites by number. Add (up to
 * MAX_ACCEPTANCE_CRITERIA), remove, and move up or down; each text at most MAX_CRITERION_LENGTH characters. A
 * self-contained control for a Form.Item (`value`/`onChange`), so the task form only places it.
 */
export function AcceptanceCriteriaField({ value, onChange, id }: TAcceptanceCriteriaFieldProps) {
  const { t } = useTranslation();
  const items = value ?? [];
  const set = (next: string[]) => onChange?.(next);
  const move = (from: number, to: number) => {
    const next = [...items];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved as string);
    set(next);
  };
  return (
    <div className="criteria-editor" id={id} data-testid="criteria-editor">
      {items.length === 0 && <p className="muted small">{t('work.admin.tasks.criteria.none')}</p>}
      {items.map((text, index) => {
        const number = index + 1;
        return (
          <div className="criteria-editor-row" key={index} data-testid={`criterion-row-${number}`}>
            <span className="criterion-number" aria-hidden="true">
              {number}.
            </span>
            <Input
              value={text}
              maxLength={MAX_CRITERION_LENGTH}
              aria-label={t('work.admin.tasks.criteria.itemLabel', { number })}
              onChange={(event) => set(items.map((item, i) => (i === index ? event.target.value : item)))}
            />
            <span className="criteria-editor-buttons">
              <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={index === 0} aria-label={t('work.admin.tasks.criteria.moveUp', { number })} onClick={() => move(index, index - 1)} />
              <Button
                type="text"
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={index === items.length - 1}
                aria-label={t('work.admin.tasks.criteria.moveDown', { number })}
                onClick={() => move(index, index + 1)}
              />
              <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('work.admin.tasks.criteria.remove', { number })} onClick={() => set(items.filter((_, i) => i !== index))} />
            </span>
          </div>
        );
      })}
      <div>
        <Button size="small" icon={<PlusOutlined />} disabled={items.length >= MAX_ACCEPTANCE_CRITERIA} onClick={() => set([...items, ''])}>
          {items.length >= MAX_ACCEPTANCE_CRITERIA ? t('work.admin.tasks.criteria.full', { max: MAX_ACCEPTANCE_CRITERIA }) : t('work.admin.tasks.criteria.add')}
        </Button>
      </div>
    </div>
  );
}
