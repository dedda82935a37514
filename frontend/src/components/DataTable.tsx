import { Table, type TableProps } from 'antd';
import { useLayoutEffect, useRef, type Key, type ReactNode } from 'react';

export interface TDataTableProps<T> extends TableProps<T> {
  /** What the table lists, for screen readers ("Pending withdrawals"): the name of its scrolling region. */
  label: string;
}

/**
 * The one table of the admin console (issue 10: tables scroll inside their card). A wide table scrolls sideways
 * inside its own box (`scroll.x`, 'max-content' unless the screen gives a width), so the page never widens and the
 * Actions column (key 'actions') is never clipped: it is pinned to the right edge; the scrolling box is a labelled region that takes the keyboard focus, so it can be
 * scrolled without a mouse (WCAG 2.1.1). Long free text (comments, reasons) goes in a `WrapText` cell.
 */
export function DataTable<T extends object>({ label, scroll, columns, ...props }: TDataTableProps<T>) {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    for (const box of host.current?.querySelectorAll('.ant-table-content, .ant-table-body') ?? []) {
      box.setAttribute('tabindex', '0');
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', label);
    }
    // Ant's hidden row that measures the columns (aria-hidden) repeats the headers, a selection's "select all"
    // checkbox included: nothing in it may take the focus (WCAG 4.1.2, axe aria-hidden-focus).
    for (const row of host.current?.querySelectorAll('.ant-table-measure-row') ?? []) {
      row.setAttribute('inert', '');
      for (const focusable of row.querySelectorAll('input, button, a[href], [tabindex]')) focusable.setAttribute('tabindex', '-1');
    }
  });
  return (
    <div ref={host} className="data-table">
      <Table<T> {...props} columns={columns?.map(pinActions)} scroll={{ x: 'max-content', ...scroll }} />
    </div>
  );
}

/** The Actions column stays in view at the right edge while the rest scrolls (unless a screen says otherwise). */
function pinActions<C extends { key?: Key; fixed?: unknown }>(column: C): C {
  return column.key === 'actions' && column.fixed === undefined ? { ...column, fixed: 'right' } : column;
}

/** A comment or reason in a table cell: wraps at a readable width instead of stretching or clipping the column. */
export function WrapText({ children }: { children: ReactNode }) {
  return <div className="wrap-text-cell">{children}</div>;
}
