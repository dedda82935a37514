import { DatePicker, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isoDayOf } from '../../app/isoDay';

/** A date range as the lists' `from`/`to` take it: calendar days (YYYY-MM-DD), `to` included. */
export interface TDateRange {
  from?: string;
  to?: string;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day of a list's address as the picker takes it (null: none, or not a day). */
const dayOf = (day: string | undefined): Dayjs | null => (day && ISO_DAY.test(day) && dayjs(day).isValid() ? dayjs(day) : null);

/**
 * The filter bar's date range: two calendar days, either may be open. `initialValue`: the range the list already applies
 * (a list that keeps it in its address), shown in the picker.
 */
export function DateRangeFilter({ label, onChange, testId, initialValue }: { label: string; onChange: (range: TDateRange) => void; testId?: string; initialValue?: TDateRange }) {
  const [from, to] = [dayOf(initialValue?.from), dayOf(initialValue?.to)];
  const picker = (
    <DatePicker.RangePicker
      aria-label={label}
      allowEmpty={[true, true]}
      defaultValue={from || to ? [from, to] : undefined}
      format="YYYY-MM-DD"
      placeholder={[label, '']}
      onChange={(values: [Dayjs | null, Dayjs | null] | null) =>
        onChange({ from: isoDayOf(values?.[0]), to: isoDayOf(values?.[1]) })
      }
    />
  );
  return testId ? <span data-testid={testId}>{picker}</span> : picker;
}

/** An amount range ("from 10 to 250.50"): sent once both texts are amounts or empty; a half-typed one waits. */
export function AmountRangeFilter({ label, onChange }: { label: string; onChange: (range: { minAmount?: string; maxAmount?: string }) => void }) {
  const { t } = useTranslation();
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  const valid = (text: string) => text === '' || /^\d{1,10}(\.\d{1,2})?$/.test(text);
  useEffect(() => {
    if (valid(min.trim()) && valid(max.trim())) onChange({ minAmount: min.trim() || undefined, maxAmount: max.trim() || undefined });
    // onChange is the page's setter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [min, max]);
  return (
    <span className="amount-range-filter" role="group" aria-label={label}>
      <Input
        inputMode="decimal"
        placeholder={t('common.amountFrom')}
        aria-label={`${label}: ${t('common.amountFrom')}`}
        status={valid(min.trim()) ? undefined : 'error'}
        value={min}
        onChange={(event) => setMin(event.target.value)}
        style={{ width: 110 }}
      />
      <Input
        inputMode="decimal"
        placeholder={t('common.amountTo')}
        aria-label={`${label}: ${t('common.amountTo')}`}
        status={valid(max.trim()) ? undefined : 'error'}
        value={max}
        onChange={(event) => setMax(event.target.value)}
        style={{ width: 110 }}
      />
    </span>
  );
}

/** A select of the filter bar with an "All" entry (value undefined). */
export function SelectFilter<V extends string>({
  label,
  allLabel,
  options,
  value,
  onChange,
  width = 180,
  disabled,
  testId,
}: {
  label: string;
  allLabel: string;
  options: readonly { value: V; label: string }[];
  value?: V;
  onChange: (value: V | undefined) => void;
  width?: number;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <Select<V | ''>
      aria-label={label}
      value={value ?? ''}
      onChange={(next) => onChange(next === '' ? undefined : next)}
      options={[{ value: '' as const, label: allLabel }, ...options]}
      style={{ width }}
      disabled={disabled}
      data-testid={testId}
    />
  );
}

/**
 * The lists' `active` filter ('true' or 'false' as the query sends it; undefined: both). The words are the section's
 * (in Russian they agree with what is listed: a link is "активна", a document "активен").
 */
export function ActiveFilter({
  value,
  onChange,
  labels,
}: {
  value?: 'true' | 'false';
  onChange: (value: 'true' | 'false' | undefined) => void;
  labels: { filter: string; all: string; active: string; inactive: string };
}) {
  return (
    <SelectFilter<'true' | 'false'>
      label={labels.filter}
      allLabel={labels.all}
      value={value}
      onChange={onChange}
      options={[
        { value: 'true', label: labels.active },
        { value: 'false', label: labels.inactive },
      ]}
    />
  );
}
