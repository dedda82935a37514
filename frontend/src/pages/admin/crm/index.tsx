import type { TChatMessage, TSupportConversation, TSupportStatus } from '@platform/contracts';
import { SendOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Empty, Input, Segmented, Spin, Switch, Tag } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { errorMessageOf } from '../../../app/errorMessage';
import { ListSearch } from '../../../components/ListSearch';
import { LoadMoreFooter, useLoadMore } from '../../../components/LoadMore';
import { useToast } from '../../../components/toast';
import { useFormat } from '../../../app/format';
import {
  SUPPORT_TAGS,
  supportApi,
  useLazySupportConversationsQuery,
  useSupportConversationsQuery,
  useSupportReplyMutation,
  useSupportThreadQuery,
  useUpdateSupportConversationMutation,
} from '../../../features/support/support.api';
import { useDeskSocket, type TDeskFrame } from './useDeskSocket';
import './crm.css';

/** Spec 03 s.9: the list every 5 s and the thread every 3 s, only while the socket is down (issue 12). */
export const SUPPORT_LIST_POLL_MS = 5000;
export const SUPPORT_THREAD_POLL_MS = 3000;
const MAX_REPLY_LENGTH = 2000;
/** The desk's user search is sent from this many characters (the server's trigram search needs 3). */
const USER_SEARCH_MIN_LENGTH = 3;

type TFilter = TSupportStatus | 'all';
const FILTERS: TFilter[] = ['all', 'open', 'pending', 'resolved', 'closed'];
const STATUS_COLOURS: Record<TSupportStatus, string> = { open: 'orange', pending: 'blue', resolved: 'green', closed: 'default' };

/** "12 min", "3 h", "2 d" for a span of seconds. */
function useDuration() {
  const { t } = useTranslation();
  return useCallback(
    (seconds: number) => {
      const s = Math.max(0, Math.round(seconds));
      if (s < 60) return t('support.duration.seconds', { count: s });
      if (s < 3600) return t('support.duration.minutes', { count: Math.floor(s / 60) });
      if (s < 86_400) return t('support.duration.hours', { count: Math.floor(s / 3600) });
      return t('support.duration.days', { count: Math.floor(s / 86_400) });
    },
    [t],
  );
}

/** The clock the waiting times count from, moved every 30 s. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const nameOf = (c: TSupportConversation, fallback: string) => [c.user.firstName, c.user.lastName].filter(Boolean).join(' ') || c.user.email || fallback;

function ConversationItem({ conversation, selected, now, onSelect }: { conversation: TSupportConversation; selected: boolean; now: number; onSelect: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const duration = useDuration();
  const name = nameOf(conversation, t('support.desk.worker'));
  return (
    <li>
      <button type="button" className={`crm-item${selected ? ' selected' : ''}`} onClick={onSelect} aria-current={selected ? 'true' : undefined} data-testid="crm-conversation" data-user-id={conversation.userId}>
        <span className="crm-item-head">
          <span className="crm-item-name">{name}</span>
          {conversation.unreadCount > 0 && <Badge count={conversation.unreadCount} overflowCount={99} aria-label={t('support.desk.unread', { count: conversation.unreadCount })} data-testid="crm-unread" />}
        </span>
        <span className="crm-item-preview">{conversation.lastMessage}</span>
        <span className="crm-item-meta">
          <Tag color={STATUS_COLOURS[conversation.status]}>{t(`support.desk.status.${conversation.status}`)}</Tag>
          {conversation.waitingSince && (
            <span className="crm-waiting" data-testid="crm-waiting">
              {t('support.desk.waiting', { time: duration((now - new Date(conversation.waitingSince).getTime()) / 1000) })}
            </span>
          )}
          {conversation.lastMessageAt && <time className="muted small">{format.time(conversation.lastMessageAt)}</time>}
        </span>
      </button>
    </li>
  );
}

function ThreadMessage({ message }: { message: TChatMessage }) {
  const { t } = useTranslation();
  const format = useFormat();
  const name = message.isFromAdmin ? t('chat.supportTeam') : [message.user?.firstName, message.user?.lastName].filter(Boolean).join(' ') || t('chat.member');
  return (
    <li className={`crm-msg${message.isFromAdmin ? ' admin' : ''}`} data-testid="crm-message">
      <div className="crm-msg-author">
        <span>{name}</span>
        {message.isFromAdmin && <span className="crm-badge">{t('chat.badgeAdmin')}</span>}
      </div>
      <div className="crm-bubble">
        <div className="crm-text">{message.content}</div>
        <time className="muted small" dateTime={message.createdAt}>
          {format.dateTime(message.createdAt)}
        </time>
      </div>
    </li>
  );
}

function Thread({ userId, polling, onChanged }: { userId: string; polling: boolean; onChanged: (conversation: TSupportConversation) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const duration = useDuration();
  const me = useAppSelector((s) => s.session.user?.id);
  const { data, isLoading, isError } = useSupportThreadQuery(userId, { pollingInterval: polling ? SUPPORT_THREAD_POLL_MS : 0, skipPollingIfUnfocused: false });
  const [reply, replyState] = useSupportReplyMutation();
  const [update, updateState] = useUpdateSupportConversationMutation();
  const [text, setText] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const lastId = data?.messages.at(-1)?.id;

  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [lastId, userId]);

  const trimmed = text.trim();
  const send = async () => {
    if (!trimmed || trimmed.length > MAX_REPLY_LENGTH || replyState.isLoading) return;
    try {
      await reply({ userId, content: trimmed }).unwrap();
      setText('');
      toast.dismiss(`support.reply:${userId}`);
    } catch (error) {
      toast({ title: t('support.desk.failedToSend'), description: errorMessageOf(error), variant: 'destructive', action: `support.reply:${userId}` });
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };
  const change = async (patch: { status?: TSupportStatus; assignedAdminId?: string | null }, done: string) => {
    const action = `support.update:${userId}`;
    try {
      onChanged(await update({ userId, ...patch }).unwrap());
      toast({ title: done, action });
    } catch (error) {
      toast({ title: t('support.desk.failedToUpdate'), description: errorMessageOf(error), variant: 'destructive', action });
    }
  };

  if (isLoading) return <Spin className="crm-spin" />;
  if (isError || !data) return <Alert type="error" showIcon title={t('support.desk.loadFailed')} />;
  const c = data.conversation;
  const name = nameOf(c, t('support.desk.worker'));
  const assignee = c.assignedAdminId ? (c.assignedAdminId === me ? t('support.desk.you') : [c.assignedAdmin?.firstName, c.assignedAdmin?.lastName].filter(Boolean).join(' ') || c.assignedAdminId.slice(0, 8)) : null;
  const busy = updateState.isLoading;
  return (
    <section className="crm-thread" aria-label={t('support.desk.threadLabel', { name })} data-testid="crm-thread">
      <header className="crm-thread-head">
        <div className="crm-thread-who">
          <strong>{name}</strong>
          {c.user.email && <span className="muted small">{c.user.email}</span>}
        </div>
        <div className="crm-thread-state">
          <Tag color={STATUS_COLOURS[c.status]} data-testid="crm-status">
            {t(`support.desk.status.${c.status}`)}
          </Tag>
          <span className="muted small" data-testid="crm-assignee">
            {assignee ? t('support.desk.assignedTo', { name: assignee }) : t('support.desk.unassigned')}
          </span>
          {c.firstResponseSeconds !== null && <span className="muted small">{t('support.desk.firstResponse', { time: duration(c.firstResponseSeconds) })}</span>}
          {c.resolutionSeconds !== null && <span className="muted small">{t('support.desk.resolution', { time: duration(c.resolutionSeconds) })}</span>}
        </div>
        <div className="crm-actions">
          {c.assignedAdminId === me ? (
            <Button size="small" disabled={busy} onClick={() => void change({ assignedAdminId: null }, t('support.desk.unassignedToast'))}>
              {t('support.desk.unassign')}
            </Button>
          ) : (
            <Button size="small" disabled={busy || !me} onClick={() => void change({ assignedAdminId: me }, t('support.desk.assigned'))} data-testid="crm-assign">
              {t('support.desk.assignToMe')}
            </Button>
          )}
          {c.status === 'resolved' || c.status === 'closed' ? (
            <Button size="small" disabled={busy} onClick={() => void change({ status: 'open' }, t('support.desk.reopened'))}>
              {t('support.desk.reopen')}
            </Button>
          ) : (
            <Button size="small" type="primary" disabled={busy} onClick={() => void change({ status: 'resolved' }, t('support.desk.resolved'))} data-testid="crm-resolve">
              {t('support.desk.resolve')}
            </Button>
          )}
          {c.status !== 'closed' && (
            <Button size="small" danger disabled={busy} onClick={() => void change({ status: 'closed' }, t('support.desk.closed'))} data-testid="crm-close">
              {t('support.desk.close')}
            </Button>
          )}
        </div>
      </header>
      <div className="crm-messages" ref={listRef} role="log" aria-live="polite" aria-label={t('support.desk.threadLabel', { name })} tabIndex={0}>
        <ol className="crm-message-list">
          {data.messages.map((m) => (
            <ThreadMessage key={m.id} message={m} />
          ))}
        </ol>
      </div>
      <div className="crm-reply">
        <Input.TextArea
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('support.desk.replyPlaceholder')}
          aria-label={t('support.desk.replyPlaceholder')}
          autoSize={{ minRows: 2, maxRows: 6 }}
          data-testid="crm-reply-input"
        />
        <Button type="primary" icon={<SendOutlined />} disabled={!trimmed || trimmed.length > MAX_REPLY_LENGTH} loading={replyState.isLoading} onClick={() => void send()} data-testid="crm-send">
          {t('support.desk.send')}
        </Button>
      </div>
    </section>
  );
}

/** Whether a conversation belongs in the list as filtered (the server's rules: status, assignee, e-mail or name). */
function matchesFilters(c: TSupportConversation, filters: { status: TFilter; mine: boolean; user: string }, me: string | undefined): boolean {
  if (filters.status !== 'all' && c.status !== filters.status) return false;
  if (filters.mine && c.assignedAdminId !== me) return false;
  const text = `${c.user.email ?? ''} ${c.user.firstName} ${c.user.lastName}`.toLowerCase();
  return !filters.user || text.includes(filters.user.toLowerCase());
}

/**
 * The newer of two views of one conversation: every change but the desk reading the thread moves updatedAt, and a
 * view heard live wins a tie (reading only clears the unread count).
 */
const newer = (loaded: TSupportConversation, heard: TSupportConversation) => (heard.updatedAt >= loaded.updatedAt ? heard : loaded);

/**
 * Admin > CRM - Support (spec 03; issue 12): the conversations on the left, paged on the server in the desk's order
 * (those waiting longest first, then the newest activity; "Load more"), filtered by status, mine and the worker's
 * e-mail or name; the selected thread on the right with Assign to me, Resolve, Close and a reply box ('Select a
 * Request' when none is selected). Live over the chat socket; polled only while it is down.
 *
 * Live updates with a paged list: a conversation that changes is updated IN PLACE (its status, unread badge, waiting
 * time and preview), not moved: the list stays where the admin is reading and clicking, the pages already loaded
 * stay loaded (reading the first page again would drop them), and the order is the waiting queue's, which a worker's
 * new message in a waiting conversation does not change. A conversation the list has not loaded (a new one, or one on
 * a page not loaded yet) that matches the filters comes on top, so new work is never missed. Refresh, a filter or a
 * reconnection reads the list again in the server's order.
 */
export function CrmSupportSection() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const now = useNow();
  const me = useAppSelector((s) => s.session.user?.id);
  const [filter, setFilter] = useState<TFilter>('all');
  const [mine, setMine] = useState(false);
  const [search, setSearch] = useState('');
  const user = search.length >= USER_SEARCH_MIN_LENGTH ? search : '';
  const [selected, setSelected] = useState<string | null>(null);
  const selectedRef = useRef<string | null>(null);
  useEffect(() => {
    selectedRef.current = selected;
  }, [selected]);
  // Conversations heard of since the list was read (socket frames, the answer of a change), by worker; kept for the
  // filters they were heard under (another filter reads its list afresh).
  const filtersKey = `${filter}|${mine}|${user}`;
  const filtersKeyRef = useRef(filtersKey);
  useEffect(() => {
    filtersKeyRef.current = filtersKey;
  }, [filtersKey]);
  const [heard, setHeard] = useState<{ key: string; all: ReadonlyMap<string, TSupportConversation> }>({ key: filtersKey, all: new Map() });
  const hear = useCallback((conversation: TSupportConversation) => {
    setHeard(({ key, all }) => {
      const current = key === filtersKeyRef.current ? all : new Map<string, TSupportConversation>();
      const known = current.get(conversation.userId);
      return { key: filtersKeyRef.current, all: new Map(current).set(conversation.userId, known ? newer(known, conversation) : conversation) };
    });
  }, []);
  const heardNow = useMemo(() => (heard.key === filtersKey ? heard.all : new Map<string, TSupportConversation>()), [heard, filtersKey]);

  const onFrame = useCallback(
    (frame: TDeskFrame) => {
      const current = selectedRef.current;
      if (frame.type === 'connected') {
        // Something may have been missed while disconnected: read the list again from the first page.
        setHeard({ key: filtersKeyRef.current, all: new Map() });
        dispatch(supportApi.util.invalidateTags([SUPPORT_TAGS.conversations, SUPPORT_TAGS.thread]));
      } else if (frame.type === 'support_conversation') {
        hear(frame.conversation);
        if (frame.conversation.userId === current) dispatch(supportApi.util.invalidateTags([{ type: SUPPORT_TAGS.thread, id: current }]));
      } else if (frame.type === 'new_message' && frame.message.chatType === 'support' && current && frame.message.supportUserId === current) {
        dispatch(supportApi.util.invalidateTags([{ type: SUPPORT_TAGS.thread, id: current }]));
      }
    },
    [dispatch, hear],
  );
  const connected = useDeskSocket(onFrame);
  const { data, isLoading, isError } = useSupportConversationsQuery({ status: filter, mine, user: user || undefined }, { pollingInterval: connected ? 0 : SUPPORT_LIST_POLL_MS, skipPollingIfUnfocused: false });
  const [fetchPage] = useLazySupportConversationsQuery();
  const list = useLoadMore(
    data,
    useCallback((cursor: string) => fetchPage({ status: filter, mine, user: user || undefined, cursor }).unwrap(), [fetchPage, filter, mine, user]),
  );
  const conversations = useMemo(() => {
    const loaded = new Set(list.items.map((c) => c.userId));
    const added = [...heardNow.values()].filter((c) => !loaded.has(c.userId) && matchesFilters(c, { status: filter, mine, user }, me)).reverse();
    return [...added, ...list.items.map((c) => { const live = heardNow.get(c.userId); return live ? newer(c, live) : c; })];
  }, [list.items, heardNow, filter, mine, user, me]);
  const shown = { ...list, items: conversations, total: Math.max(list.total, conversations.length) };

  return (
    <div className="admin-section crm" data-testid="crm-section" data-live={connected ? 'true' : 'false'}>
      <aside className="crm-list-pane" aria-label={t('support.desk.conversations')}>
        <div className="crm-toolbar">
          <Segmented<TFilter> size="small" value={filter} onChange={setFilter} options={FILTERS.map((value) => ({ value, label: t(`support.desk.filter.${value}`) }))} />
          <label className="crm-mine">
            <Switch size="small" checked={mine} onChange={setMine} /> {t('support.desk.mine')}
          </label>
          <span className={`crm-live${connected ? ' on' : ''}`} role="status">
            {connected ? t('support.desk.live') : t('support.desk.polling')}
          </span>
          <ListSearch size="small" label={t('support.desk.searchUser')} onSearch={setSearch} />
        </div>
        {isError && <Alert type="error" showIcon title={t('support.desk.loadFailed')} />}
        {isLoading ? (
          <Spin className="crm-spin" />
        ) : conversations.length === 0 ? (
          <Empty description={t('support.desk.empty')} />
        ) : (
          <>
            <ul className="crm-list" data-testid="crm-list">
              {conversations.map((c) => (
                <ConversationItem key={c.id} conversation={c} selected={c.userId === selected} now={now} onSelect={() => setSelected(c.userId)} />
              ))}
            </ul>
            <LoadMoreFooter list={shown} testId="crm-more" />
          </>
        )}
      </aside>
      <div className="crm-thread-pane">
        {selected ? (
          <Thread key={selected} userId={selected} polling={!connected} onChanged={hear} />
        ) : (
          <div className="crm-select" data-testid="crm-select">
            <Empty description={t('support.desk.selectRequest')} />
          </div>
        )}
      </div>
    </div>
  );
}
