import type { TAuditLogEntry } from '@platform/contracts';
import { Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../app/format';
import { compactJson } from '../../../../features/audit/auditLogQuery';
import { actionLabel, targetTypeLabel } from './labels';
import { DataTable } from '../../../../components/DataTable';

function Who({ entry }: { entry: TAuditLogEntry }) {
  if (!entry.actor) return <span className="mono small">{entry.actorId}</span>;
  const name = `${entry.actor.firstName} ${entry.actor.lastName}`.trim();
  return (
    <div className="admin-user-cell">
      <span>{name || entry.actor.email}</span>
      {name && <span className="muted small">{entry.actor.email}</span>}
    </div>
  );
}

function Compact({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const text = compactJson(value);
  if (text === '') return <span className="muted">{t('common.dash')}</span>;
  return (
    <Tooltip title={text}>
      <span className="audit-compact mono">{text}</span>
    </Tooltip>
  );
}

function Expanded({ entry }: { entry: TAuditLogEntry }) {
  const { t } = useTranslation();
  const pretty = (value: unknown) => (value === null || value === undefined ? t('admin.audit.nothing') : JSON.stringify(value, null, 2));
  return (
    <div className="audit-expanded" data-testid="audit-expanded">
      <div>
        <div className="muted small">{t('admin.audit.expandedBefore')}</div>
        <pre className="mono">{pretty(entry.before)}</pre>
      </div>
      <div>
        <div className="muted small">{t('admin.audit.expandedAfter')}</div>
        <pre className="mono">{pretty(entry.after)}</pre>
      </div>
    </div>
  );
}

/** Newest first, oldest first, newest first...: the log always has an order (the server's sort). */
const WHEN_CYCLE: ('ascend' | 'descend')[] = ['descend', 'ascend', 'descend'];

/**
 * The audit rows of one page: when, who, action in words, target, before and after (a row expands to the full
 * values). The When column sorts the log on the server: newest first (the default) or oldest first.
 */
export function AuditTable({
  items,
  loading,
  page,
  pageSize,
  total,
  onPage,
  oldestFirst,
  onSort,
}: {
  items: TAuditLogEntry[];
  loading: boolean;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  oldestFirst: boolean;
  onSort: (oldestFirst: boolean) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const columns: TableColumnsType<TAuditLogEntry> = [
    {
      key: 'when',
      title: t('admin.audit.columns.when'),
      width: 150,
      sorter: true,
      sortOrder: oldestFirst ? 'ascend' : 'descend',
      sortDirections: WHEN_CYCLE,
      render: (_, e) => format.dateTime(e.createdAt),
    },
    { key: 'who', title: t('admin.audit.columns.who'), width: 190, ellipsis: true, render: (_, e) => <Who entry={e} /> },
    { key: 'action', title: t('admin.audit.columns.action'), width: 150, render: (_, e) => <span data-action={e.action}>{actionLabel(t, e.action)}</span> },
    {
      key: 'target',
      title: t('admin.audit.columns.target'),
      width: 180,
      render: (_, e) => (
        <div className="admin-user-cell">
          <span>{targetTypeLabel(t, e.targetType)}</span>
          <Tooltip title={e.targetId}>
            <span className="mono small muted audit-target-id">{e.targetId}</span>
          </Tooltip>
        </div>
      ),
    },
    { key: 'before', title: t('admin.audit.columns.before'), render: (_, e) => <Compact value={e.before} /> },
    { key: 'after', title: t('admin.audit.columns.after'), render: (_, e) => <Compact value={e.after} /> },
  ];
  return (
    <DataTable<TAuditLogEntry>
      label={t('admin.menu.audit-log')}
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={items}
      loading={loading}
      tableLayout="fixed"
      expandable={{ expandedRowRender: (entry) => <Expanded entry={entry} /> }}
      onChange={(_pagination, _filters, sorter, extra) => {
        if (extra.action === 'sort' && !Array.isArray(sorter)) onSort(sorter.order === 'ascend');
      }}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: false,
        hideOnSinglePage: true,
        showTotal: (count) => t('admin.audit.total', { count, total: format.count(count) }),
        onChange: onPage,
      }}
      scroll={{ x: 960 }}
      locale={{ emptyText: t('admin.audit.empty') }}
      data-testid="audit-table"
    />
  );
}
