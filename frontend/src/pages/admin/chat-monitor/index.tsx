import type { TAdminChatMessage, TChatMonitorFilter, TChatMonitorRoom } from '@platform/contracts';
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Rate, Segmented, Spin, Switch, Tag, Tooltip } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeysetPager, useKeysetPages } from '../../../components/KeysetPager';
import { ListSearch } from '../../../components/ListSearch';
import { DateRangeFilter, SelectFilter, type TDateRange } from '../../../components/list/filters';
import { useFormat } from '../../../app/format';
import { useChatMonitorQuery, useChatMonitorStatsQuery } from '../../../features/chat/chat.admin.api';
import '../chat-admin.css';

/** Spec 03 s.4 / s.9: with auto-refresh on, the feed reloads every 10 seconds. */
export const CHAT_MONITOR_REFRESH_MS = 10_000;
/** Text and author searches are sent from this many characters (the server's trigram search needs 3). */
const SEARCH_MIN_LENGTH = 3;
/** The rooms of the room filter (its All entry is 'all'). */
const ROOMS = ['general', 'support'] as const;

function qualityLevel(score: number): 'good' | 'fair' | 'poor' {
  return score >= 4 ? 'good' : score === 3 ? 'fair' : 'poor';
}

function authorName(message: TAdminChatMessage, member: string): string {
  return message.isBot ? (message.assistant?.displayName ?? 'Assistant') : [message.author?.firstName, message.author?.lastName].filter(Boolean).join(' ') || member;
}

function FeedItem({
  message,
  rating,
  onRate,
  onThread,
}: {
  message: TAdminChatMessage;
  rating: number;
  onRate: (value: number) => void;
  /** Shown on a support message that is not already filtered to its thread. */
  onThread?: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const name = authorName(message, t('chat.member'));
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
        {message.chatType === 'support' && <Tag color="orange">{t('chat.monitor.supportTag')}</Tag>}
        {onThread && (
          <Button type="link" size="small" onClick={onThread} title={t('chat.monitor.openThread')} data-testid="monitor-thread">
            {t('chat.monitor.thread')}
          </Button>
        )}
        <time className="muted small" dateTime={message.createdAt}>
          {format.dateTime(message.createdAt)}
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

/**
 * Admin > Chat Monitor (spec 03): the feed, paged on the server newest first (Previous / Next), filtered by bot or
 * human, room (the general chat, support threads, all; or one worker's thread), the author's e-mail or name, the text
 * and the day it was written; auto-refresh every 10 s, refresh now, four stat cards, local stars.
 */
export function ChatMonitorSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const [filter, setFilter] = useState<TChatMonitorFilter>('all');
  const [room, setRoom] = useState<TChatMonitorRoom>('general');
  const [thread, setThread] = useState<{ userId: string; name: string } | null>(null);
  const [search, setSearch] = useState('');
  const [user, setUser] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [autoRefresh, setAutoRefresh] = useState(true);
  // Ratings are kept only on this screen (spec 03): never sent, gone on reload.
  const [ratings, setRatings] = useState<Record<number, number>>({});
  const pages = useKeysetPages();
  const { reset } = pages;
  const text = search.length >= SEARCH_MIN_LENGTH ? search : undefined;
  const author = user.length >= SEARCH_MIN_LENGTH ? user : undefined;
  // A new filter starts again from the newest page (in the same update, so no page is read with the old cursor).
  const thenReset = useCallback(<T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    reset();
  }, [reset]);
  const onSearchText = useCallback((value: string) => thenReset(setSearch)(value), [thenReset]);
  const onSearchUser = useCallback((value: string) => thenReset(setUser)(value), [thenReset]);
  const onDates = useCallback(
    (range: TDateRange) => {
      setFrom(range.from ?? '');
      setTo(range.to ?? '');
      reset();
    },
    [reset],
  );
  const polling = { pollingInterval: autoRefresh ? CHAT_MONITOR_REFRESH_MS : 0, skipPollingIfUnfocused: false };
  const { data, isLoading, isFetching, isError, refetch, fulfilledTimeStamp } = useChatMonitorQuery(
    { filter, room: thread ? 'support' : room, conversation: thread?.userId, search: text, user: author, from: from || undefined, to: to || undefined, cursor: pages.cursor },
    polling,
  );
  const { data: stats, refetch: refetchStats } = useChatMonitorStatsQuery(undefined, polling);
  const refresh = useCallback(() => {
    void refetch();
    void refetchStats();
  }, [refetch, refetchStats]);
  const filtered = filter !== 'all' || room !== 'general' || thread !== null || text !== undefined || author !== undefined || from !== '' || to !== '';
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
          onChange={thenReset(setFilter)}
          options={(['all', 'people', 'assistants'] as const).map((value) => ({ value, label: t(`chat.monitor.filter.${value}`) }))}
        />
        <label className="chat-admin-switch">
          <Switch checked={autoRefresh} onChange={setAutoRefresh} size="small" /> {t('chat.monitor.autoRefresh')}
        </label>
        <Button icon={<ReloadOutlined />} loading={isFetching} onClick={refresh}>
          {t('common.refresh')}
        </Button>
        {fulfilledTimeStamp && <span className="chat-admin-updated">{t('chat.monitor.updated', { time: format.time(fulfilledTimeStamp) })}</span>}
      </div>
      <div className="chat-admin-stats">
        {cards.map((card) => (
          <div key={card.key} className="admin-stat" data-testid={`chat-stat-${card.key}`}>
            <div className="muted small">{t(`chat.monitor.stats.${card.key}`)}</div>
            <div className="admin-stat-value">{card.value === undefined ? t('common.dash') : format.count(card.value)}</div>
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
      <div className="list-page-filters chat-monitor-filters" data-testid="monitor-filters">
        {/* The room: "All rooms" is the select's All entry; a worker's thread (chosen from a message) fixes it to support. */}
        <SelectFilter<'general' | 'support'>
          label={t('chat.monitor.room.label')}
          allLabel={t('chat.monitor.room.all')}
          options={ROOMS.map((value) => ({ value, label: t(`chat.monitor.room.${value}`) }))}
          value={thread ? 'support' : room === 'all' ? undefined : room}
          onChange={(value) => thenReset(setRoom)(value ?? 'all')}
          disabled={thread !== null}
          testId="monitor-room"
        />
        <ListSearch label={t('chat.monitor.searchText')} onSearch={onSearchText} />
        <ListSearch label={t('chat.monitor.searchUser')} onSearch={onSearchUser} />
        <DateRangeFilter label={t('chat.monitor.dates')} onChange={onDates} testId="monitor-dates" />
        {thread && (
          <Tag closable onClose={() => thenReset(setThread)(null)} color="orange" data-testid="monitor-thread-filter">
            {t('chat.monitor.threadOf', { name: thread.name })}
          </Tag>
        )}
      </div>
      {isError && <Alert type="error" showIcon title={t('chat.monitor.loadFailed')} />}
      <section className="chat-monitor-feed" aria-label={t('chat.monitor.feed')}>
        {isLoading ? (
          <div className="center-block">
            <Spin />
          </div>
        ) : data && data.items.length > 0 ? (
          <ol className="chat-monitor-list">
            {data.items.map((message) => (
              <FeedItem
                key={message.id}
                message={message}
                rating={ratings[message.id] ?? 0}
                onRate={(value) => setRatings((current) => ({ ...current, [message.id]: value }))}
                onThread={
                  message.chatType === 'support' && message.supportUserId && !thread
                    ? () => thenReset(setThread)({ userId: message.supportUserId!, name: message.isFromAdmin ? message.supportUserId!.slice(0, 8) : authorName(message, t('chat.member')) })
                    : undefined
                }
              />
            ))}
          </ol>
        ) : (
          <Empty description={filtered ? t('chat.monitor.emptyFiltered') : t('chat.monitor.empty')} />
        )}
      </section>
      <div className="muted small" data-testid="monitor-total">
        {data ? t('chat.monitor.total', { total: format.total(data.total, data.totalExact) }) : null}
      </div>
      <KeysetPager pages={pages} nextCursor={data?.nextCursor} testId="monitor-pager" />
    </div>
  );
}
