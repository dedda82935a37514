import type { TChatMessage, TChatType } from '@platform/contracts';
import { ArrowDownOutlined, CloseOutlined, RobotOutlined, RollbackOutlined, SendOutlined, WifiOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { Fragment, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AppTabs } from '../../components/AppTabs';
import { useAppSelector } from '../../app/hooks';
import { SupportPane } from '../support/SupportPane';
import { formatUnreadBadge, type TOutgoingMessage } from './chat.slice';
import { isOwnMessage, senderNameOf } from './chatClient';
import { useChatClient } from './ChatProvider';
import { dayKey, formatDay, formatTime } from './chatTime';
import './chat.css';

export const CHAT_MAX_LENGTH = 2000;
/** Nearer the bottom than this, the list follows new messages; farther up, a "New messages" button appears instead. */
const STICKY_BOTTOM_PX = 96;
const QUOTE_LENGTH = 120;

const cut = (text: string, length: number) => (text.length > length ? `${text.slice(0, length)}…` : text);

function AuthorBadge({ message }: { message: Pick<TChatMessage, 'isBot' | 'isFromAdmin'> }) {
  const { t } = useTranslation();
  if (message.isBot) {
    return (
      <span className="chat-badge bot" title={t('chat.botTitle')}>
        {t('chat.badgeBot')}
      </span>
    );
  }
  if (message.isFromAdmin) return <span className="chat-badge admin">{t('chat.badgeAdmin')}</span>;
  return null;
}

function MessageItem({ message, own, onReply }: { message: TChatMessage; own: boolean; onReply?: (message: TChatMessage) => void }) {
  const { t } = useTranslation();
  const name = senderNameOf(message, t('chat.supportTeam'), t('chat.member'));
  return (
    <li className={`chat-msg${own ? ' own' : ''}${message.isBot ? ' bot' : ''}${message.isFromAdmin ? ' admin' : ''}`} data-testid="chat-message" data-message-id={message.id}>
      {!own && (
        <div className="chat-msg-author">
          {/* An icon, not the assistant's emoji: an emoji is an empty box where no emoji font is installed. */}
          {message.isBot && <RobotOutlined className="chat-bot-avatar" aria-hidden data-testid="bot-avatar" />}
          <span className="chat-msg-name">{name}</span>
          <AuthorBadge message={message} />
        </div>
      )}
      <div className="chat-bubble-row">
        <div className="chat-bubble">
          {message.replyTo && (
            <div className="chat-quote">
              <span className="chat-quote-name">{message.replyTo.isFromAdmin ? t('chat.supportTeam') : message.replyTo.senderName}</span>
              <span className="chat-quote-text">{cut(message.replyTo.content, QUOTE_LENGTH)}</span>
            </div>
          )}
          <div className="chat-text">{message.content}</div>
          <time className="chat-time" dateTime={message.createdAt}>
            {formatTime(message.createdAt)}
          </time>
        </div>
        {onReply && (
          <button type="button" className="chat-reply-button" aria-label={`${t('chat.reply')}: ${name}`} title={t('chat.reply')} onClick={() => onReply(message)}>
            <RollbackOutlined />
          </button>
        )}
      </div>
    </li>
  );
}

function OutgoingItem({ outgoing, onRetry, onRemove }: { outgoing: TOutgoingMessage; onRetry: () => void; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <li className={`chat-msg own outgoing ${outgoing.status}`} data-testid="chat-outgoing">
      <div className="chat-bubble-row">
        <div className="chat-bubble">
          {outgoing.replyTo && (
            <div className="chat-quote">
              <span className="chat-quote-name">{outgoing.replyTo.senderName}</span>
              <span className="chat-quote-text">{cut(outgoing.replyTo.content, QUOTE_LENGTH)}</span>
            </div>
          )}
          <div className="chat-text">{outgoing.content}</div>
          <span className="chat-time">{outgoing.status === 'sending' ? t('chat.sending') : formatTime(outgoing.createdAt)}</span>
        </div>
      </div>
      {outgoing.status === 'failed' && (
        <div className="chat-failed" role="alert">
          <span>{t('chat.notSent', { reason: outgoing.error ?? '' })}</span>
          {outgoing.retryable && (
            <Button size="small" type="link" onClick={onRetry}>
              {t('chat.retry')}
            </Button>
          )}
          <Button size="small" type="link" danger onClick={onRemove}>
            {t('chat.remove')}
          </Button>
        </div>
      )}
    </li>
  );
}

function MessageList({ chatType, onReply }: { chatType: TChatType; onReply?: (message: TChatMessage) => void }) {
  const { t, i18n } = useTranslation();
  const client = useChatClient();
  const room = useAppSelector((s) => s.chat.rooms[chatType]);
  const outgoing = useAppSelector((s) => s.chat.outgoing);
  const userId = useAppSelector((s) => s.session.user?.id);
  const mine = useMemo(() => outgoing.filter((o) => o.chatType === chatType), [outgoing, chatType]);
  const listRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const keepOffset = useRef<number | null>(null);
  const lastId = room.messages.at(-1)?.id;
  const [newBelow, setNewBelow] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);

  const scrollToBottom = useCallback(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
    setNewBelow(false);
  }, []);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    if (keepOffset.current !== null) {
      // Older messages were added above: keep what the reader was looking at in place.
      list.scrollTop = list.scrollHeight - keepOffset.current;
      keepOffset.current = null;
      return;
    }
    if (atBottom.current) scrollToBottom();
    else setNewBelow(true);
  }, [lastId, mine.length, room.messages.length, scrollToBottom]);

  const onScroll = () => {
    const list = listRef.current;
    if (!list) return;
    atBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < STICKY_BOTTOM_PX;
    if (atBottom.current) setNewBelow(false);
  };

  const loadOlder = async () => {
    const list = listRef.current;
    if (!client || !list) return;
    setLoadingOlder(true);
    keepOffset.current = list.scrollHeight - list.scrollTop;
    try {
      await client.loadOlder(chatType);
    } finally {
      setLoadingOlder(false);
    }
  };

  const empty = room.loaded && room.messages.length === 0 && mine.length === 0;
  return (
    <div className="chat-list-frame">
      <div className="chat-list" ref={listRef} onScroll={onScroll} role="log" aria-live="polite" aria-label={t('chat.listLabel')} tabIndex={0} data-testid="chat-list">
        {room.hasOlder && (
          <div className="chat-older">
            <Button size="small" loading={loadingOlder} onClick={() => void loadOlder()}>
              {t('chat.loadOlder')}
            </Button>
          </div>
        )}
        {empty && <p className="chat-empty muted">{t('chat.empty')}</p>}
        <ol className="chat-messages">
          {room.messages.map((message, i) => {
            const day = dayKey(message.createdAt);
            const showDay = i === 0 || dayKey(room.messages[i - 1]!.createdAt) !== day;
            return (
              <Fragment key={message.id}>
                {showDay && (
                  <li className="chat-day" aria-hidden="true">
                    <span>{formatDay(message.createdAt, { today: t('chat.today'), yesterday: t('chat.yesterday') }, i18n.language)}</span>
                  </li>
                )}
                <MessageItem message={message} own={isOwnMessage(message, userId)} onReply={onReply} />
              </Fragment>
            );
          })}
          {mine.map((o) => (
            <OutgoingItem key={o.clientId} outgoing={o} onRetry={() => client?.retry(o.clientId)} onRemove={() => client?.discard(o.clientId)} />
          ))}
        </ol>
      </div>
      {newBelow && (
        <button type="button" className="chat-new-below" onClick={scrollToBottom}>
          <ArrowDownOutlined /> {t('chat.newMessages')}
        </button>
      )}
    </div>
  );
}

function Composer({ replyTo, onCancelReply, onSent }: { replyTo: TChatMessage | null; onCancelReply: () => void; onSent: () => void }) {
  const { t } = useTranslation();
  const client = useChatClient();
  const connected = useAppSelector((s) => s.chat.connection === 'connected');
  const [text, setText] = useState('');
  const trimmed = text.trim();
  const canSend = connected && trimmed.length > 0 && trimmed.length <= CHAT_MAX_LENGTH;

  const send = () => {
    if (!canSend || !client) return;
    if (client.send(trimmed, replyTo)) {
      setText('');
      onSent();
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <div className="chat-composer">
      {replyTo && (
        <div className="chat-reply-preview" data-testid="chat-reply-preview">
          <div className="chat-reply-preview-text">
            <span className="chat-quote-name">{t('chat.replyingTo', { name: senderNameOf(replyTo, t('chat.supportTeam'), t('chat.member')) })}</span>
            <span className="chat-quote-text">{cut(replyTo.content, QUOTE_LENGTH)}</span>
          </div>
          <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('chat.cancelReply')} onClick={onCancelReply} />
        </div>
      )}
      <div className="chat-input-row">
        <Input.TextArea
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={!connected}
          placeholder={connected ? t('chat.placeholder') : t('chat.connecting')}
          autoSize={{ minRows: 1, maxRows: 5 }}
          aria-label={t('chat.placeholder')}
          data-testid="chat-input"
        />
        <Button type="primary" shape="circle" size="large" icon={<SendOutlined />} disabled={!canSend} onClick={send} aria-label={t('chat.send')} data-testid="chat-send" />
      </div>
      {trimmed.length > CHAT_MAX_LENGTH - 200 && (
        <div className={`chat-count${trimmed.length > CHAT_MAX_LENGTH ? ' over' : ''}`}>{t('chat.characters', { count: trimmed.length, max: CHAT_MAX_LENGTH })}</div>
      )}
    </div>
  );
}

function TabLabel({ label, count }: { label: string; count: number }) {
  const badge = formatUnreadBadge(count);
  return (
    <span className="chat-tab-label">
      {label}
      {badge && <span className="chat-tab-badge">{badge}</span>}
    </span>
  );
}

/** Spec 01 "Chat screen": tabs General Chat (default) and Support, the message list, the reply-to preview and the input. */
export default function ChatScreen() {
  const { t } = useTranslation();
  const client = useChatClient();
  // ?tab=support (the support-reply e-mail's link) opens the Support tab.
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<TChatType>(() => (searchParams.get('tab') === 'support' ? 'support' : 'general'));
  const [replyTo, setReplyTo] = useState<TChatMessage | null>(null);
  const connection = useAppSelector((s) => s.chat.connection);
  const unread = useAppSelector((s) => s.chat.unread);

  useEffect(() => {
    client?.setScreenTab(tab);
    return () => client?.setScreenTab(null);
  }, [client, tab]);

  return (
    <div className="chat-screen" data-testid="chat-screen" data-connection={connection}>
      <AppTabs
        className="chat-tabs"
        activeKey={tab}
        onChange={(key) => setTab(key as TChatType)}
        items={[
          { key: 'general', label: <TabLabel label={t('chat.tabs.general')} count={unread.general} /> },
          { key: 'support', label: <TabLabel label={t('chat.tabs.support')} count={unread.support} /> },
        ]}
      />
      {connection !== 'connected' && (
        <div className="chat-connection" role="status" data-testid="chat-connection">
          <WifiOutlined /> {connection === 'connecting' ? t('chat.connecting') : t('chat.offline')}
        </div>
      )}
      {tab === 'general' ? (
        <>
          <MessageList chatType="general" onReply={setReplyTo} />
          <Composer replyTo={replyTo} onCancelReply={() => setReplyTo(null)} onSent={() => setReplyTo(null)} />
        </>
      ) : (
        <SupportPane list={<MessageList chatType="support" />} />
      )}
    </div>
  );
}
