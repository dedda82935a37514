import type { TAdminChatMessage, TChatMonitorFilter } from '@platform/contracts';
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Rate, Segmented, Spin, Switch, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatMonitorQuery } from '../../../features/chat/chat.admin.api';
import { formatTime } from '../../../features/chat/chatTime';
import '../chat-admin.css';

/** Spec 03 s.4 / s.9: with auto-refresh on, the feed reloads every 10 seconds. */
export const CHAT_MONITOR_REFRESH_MS = 10_000;

function qualityLevel(score: number): 'good' | 'fair' | 'poor' {
  return score >= 4 ? 'good' : score === 3 ? 'fair' : 'poor';
}

function FeedItem({ message, rating, onRate }: { message: TAdminChatMessage; rating: number; onRate: (value: number) => void }) {
  const { t } = useTranslation();
  const date = new Date(message.createdAt);
  const name = message.isBot
    ? message.assistant?.displayName ?? 'Assistant'
    : [message.author?.firstName, message.author?.lastName].filter(Boolean).join(' ') || t('chat.member');
  return (
    <li className="chat-monitor-item" data-testid="monitor-message">
      <div className="chat-monitor-head">
        <span className="chat-monitor-name">
          {message.isBot && message.assistant?.avatar && !message.assistant.avatar.startsWith('http') && <span aria-hidden="true">{message.assistant.avatar} </span>}
          {name}
        </span>
        {message.isBot ? (
          <Tag color="purple">{t('chat.badgeBot')}</Tag>
        ) : message.isFromAdmin ? (
          <Tag color="blue">{t('chat.badgeAdmin')}</Tag>
        ) : (
          <Tag>{t('chat.monitor.worker')}</Tag>
        )}
        <time className="muted small" dateTime={message.createdAt} title={date.toLocaleString()}>
          {date.toLocaleDateString()} {formatTime(message.createdAt)}
        </time>
      </div>
      {message.replyTo && (
        <div className="chat-monitor-quote muted small">
          {t('chat.monitor.replyTo', { name: message.replyTo.senderName })}: {message.replyTo.content.slice(0, 120)}
        </div>
      )}
      <div className="chat-monitor-text">{message.content}</div>
      {message.quality && (
        <div className="chat-monitor-quality">
          <Tooltip title={message.quality.issues.map((issue) => t(`chat.monitor.issues.${issue}`)).join(', ') || undefined}>
            <Tag color={{ good: 'green', fair: 'gold', poor: 'red' }[qualityLevel(message.quality.score)]}>
              {t(`chat.monitor.quality.${qualityLevel(message.quality.score)}`)} · {t('chat.monitor.quality.score', { score: message.quality.score })}
            </Tag>
          </Tooltip>
          {message.quality.issues.length > 0 && <span className="muted small">{message.quality.issues.map((issue) => t(`chat.monitor.issues.${issue}`)).join(', ')}</span>}
          <span className="chat-monitor-rate">
            <Rate value={rating} onChange={onRate} aria-label={t('chat.monitor.rate')} />
          </span>
        </div>
      )}
    </li>
  );
}

/** Admin > Chat Monitor (spec 03): the live feed with a filter, auto-refresh every 10 s, refresh now, four stat cards, local stars. */
export function ChatMonitorSection() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<TChatMonitorFilter>('all');
  const [autoRefresh, setAutoRefresh] = useState(true);
  // Ratings are kept only on this screen (spec 03): never sent, gone on reload.
  const [ratings, setRatings] = useState<Record<number, number>>({});
  const { data, isLoading, isFetching, isError, refetch, fulfilledTimeStamp } = useChatMonitorQuery(filter, {
    pollingInterval: autoRefresh ? CHAT_MONITOR_REFRESH_MS : 0,
    skipPollingIfUnfocused: false,
  });
  const stats = data?.stats;
  const cards = [
    { key: 'messages', value: stats?.messagesLast24h },
    { key: 'people', value: stats?.peopleMessagesLast24h },
    { key: 'assistants', value: stats?.assistantMessagesLast24h },
    { key: 'activePeople', value: stats?.activePeopleLast24h },
  ] as const;

  return (
    <div className="chat-admin" data-testid="chat-monitor">
      <div className="chat-admin-toolbar">
        <Segmented<TChatMonitorFilter>
          value={filter}
          onChange={setFilter}
          options={(['all', 'people', 'assistants'] as const).map((value) => ({ value, label: t(`chat.monitor.filter.${value}`) }))}
        />
        <label className="chat-admin-switch">
          <Switch checked={autoRefresh} onChange={setAutoRefresh} size="small" /> {t('chat.monitor.autoRefresh')}
        </label>
        <Button icon={<ReloadOutlined />} loading={isFetching} onClick={() => void refetch()}>
          {t('chat.monitor.refresh')}
        </Button>
        {fulfilledTimeStamp && <span className="chat-admin-updated">{t('chat.monitor.updated', { time: new Date(fulfilledTimeStamp).toLocaleTimeString() })}</span>}
      </div>
      <div className="chat-admin-stats">
        {cards.map((card) => (
          <div key={card.key} className="admin-stat" data-testid={`chat-stat-${card.key}`}>
            <div className="muted small">{t(`chat.monitor.stats.${card.key}`)}</div>
            <div className="admin-stat-value">{card.value ?? '—'}</div>
            {card.key === 'assistants' && stats?.assistantQualityLast24h && stats.assistantQualityLast24h.scored > 0 && (
              <div className="muted small" data-testid="chat-stat-quality">
                {t('assistants.quality.shares', {
                  good: Math.round(stats.assistantQualityLast24h.good * 100),
                  fair: Math.round(stats.assistantQualityLast24h.fair * 100),
                  poor: Math.round(stats.assistantQualityLast24h.poor * 100),
                })}
              </div>
            )}
          </div>
        ))}
      </div>
      {isError && <Alert type="error" showIcon title={t('chat.monitor.loadFailed')} />}
      <section className="chat-monitor-feed" aria-label={t('chat.monitor.feed')}>
        {isLoading ? (
          <div className="center-block">
            <Spin />
          </div>
        ) : data && data.messages.length > 0 ? (
          <ol className="chat-monitor-list">
            {data.messages.map((message) => (
              <FeedItem key={message.id} message={message} rating={ratings[message.id] ?? 0} onRate={(value) => setRatings((current) => ({ ...current, [message.id]: value }))} />
            ))}
          </ol>
        ) : (
          <Empty description={t('chat.monitor.empty')} />
        )}
      </section>
    </div>
  );
}
