import type { TActivityEntry } from '@platform/contracts';
import { AuditOutlined, CheckCircleOutlined, CloseCircleOutlined, FileTextOutlined, RollbackOutlined, SafetyCertificateOutlined, UserAddOutlined, WalletOutlined } from '@ant-design/icons';
import { Alert, Button, Tag } from 'antd';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../app/format';
import './verification.css';
import { LoadMoreFooter, useLoadMore } from '../../components/LoadMore';
import { Panel } from '../../components/Panel';
import { useLazyMyActivityQuery, useMyActivityQuery } from './verification.api';

/** Spec 02 s.9: three entries unless expanded. */
export const ACTIVITY_PREVIEW = 3;

const ICONS: Record<string, ReactNode> = {
  'user-plus': <UserAddOutlined />,
  'clipboard-list': <FileTextOutlined />,
  'check-circle': <CheckCircleOutlined />,
  wallet: <WalletOutlined />,
  'x-circle': <CloseCircleOutlined />,
  shield: <SafetyCertificateOutlined />,
  'shield-check': <SafetyCertificateOutlined />,
  'shield-x': <CloseCircleOutlined />,
  undo: <RollbackOutlined />,
  scale: <AuditOutlined />,
};
const TAG_COLORS: Record<string, string> = { green: 'green', blue: 'blue', amber: 'gold', red: 'red', gray: 'default' };

function Entry({ entry }: { entry: TActivityEntry }) {
  const format = useFormat();
  return (
    <li className="activity-entry" data-testid="activity-entry">
      <span className={`activity-icon activity-${entry.color}`} aria-hidden>
        {ICONS[entry.icon] ?? <FileTextOutlined />}
      </span>
      <div className="activity-body">
        <div className="activity-head">
          <strong>{entry.title}</strong>
          <Tag color={TAG_COLORS[entry.color] ?? 'default'}>{entry.badge}</Tag>
        </div>
        <div className="muted small">{entry.description}</div>
        <div className="muted small">{format.dateTime(entry.timestamp)}</div>
      </div>
    </li>
  );
}

/**
 * Profile > Activity History (spec 02): the worker's own entries from the server (newest first, in the interface
 * language), 3 shown, 'View All Activity (N total)' / 'Show Less' only when there are more than 3, and the empty text.
 * Expanded, the list is paged on the server (20 at a time) with "Load more".
 */
export function ActivityHistory() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const activity = useMyActivityQuery({ lang });
  const [fetchPage] = useLazyMyActivityQuery();
  const list = useLoadMore(activity.data, useCallback((cursor: string) => fetchPage({ lang, cursor }).unwrap(), [fetchPage, lang]));
  const [expanded, setExpanded] = useState(false);
  const entries = list.items;
  const total = activity.data?.total ?? 0;
  const shown = expanded ? entries : entries.slice(0, ACTIVITY_PREVIEW);

  return (
    <Panel title={t('verification.activity.title')} testId="activity-history">
      {activity.isError && <Alert type="warning" showIcon title={t('verification.activity.failed')} />}
      {activity.data && entries.length === 0 && (
        <div className="activity-empty" data-testid="activity-empty">
          <strong>{t('verification.activity.empty')}</strong>
          <div className="muted small">{t('verification.activity.emptyHint')}</div>
        </div>
      )}
      {shown.length > 0 && (
        <ul className="activity-list">
          {shown.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      {expanded && <LoadMoreFooter list={list} testId="activity-more" />}
      {total > ACTIVITY_PREVIEW && (
        <Button block type="link" onClick={() => setExpanded((v) => !v)} data-testid="activity-toggle">
          {expanded ? t('verification.activity.showLess') : t('verification.activity.viewAll', { count: total })}
        </Button>
      )}
    </Panel>
  );
}
