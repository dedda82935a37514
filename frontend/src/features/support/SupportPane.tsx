import type { TSupportStatus } from '@platform/contracts';
import { SendOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { messagesReceived } from '../chat/chat.slice';
import { usePostSupportMessageMutation, useSupportConversationQuery } from './support.api';
import './support.css';

export const SUPPORT_MAX_LENGTH = 2000;

/** The status as the worker reads it: Waiting for support / Support replied / Resolved (issue 12). */
export function SupportStatusBar({ status }: { status: TSupportStatus | null }) {
  const { t } = useTranslation();
  return (
    <div className={`support-status support-status-${status ?? 'none'}`} role="status" aria-label={t('support.worker.statusLabel')} data-testid="support-status" data-status={status ?? 'none'}>
      <span className="support-status-dot" aria-hidden="true" />
      <span>{t(`support.worker.status.${status ?? 'none'}`)}</span>
      {(status === 'resolved' || status === 'closed') && <span className="muted small">{t('support.worker.reopenHint')}</span>}
    </div>
  );
}

/**
 * The worker's Support tab (spec 01 s.6: only their own thread; s.7: POST /api/support/message): the status, the
 * thread (live over the socket, `list`), and a box that sends over HTTP, so it works while the socket reconnects.
 * Enter sends, Shift+Enter adds a line. A failed send keeps the text (spec 01 s.8: it is logged; the note says so).
 */
export function SupportPane({ list }: { list: ReactNode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const live = useAppSelector((s) => s.chat.supportStatus);
  const { data } = useSupportConversationQuery();
  const status = live !== undefined ? live : (data?.status ?? null);
  const [post, { isLoading }] = usePostSupportMessageMutation();
  const [text, setText] = useState('');
  const [failed, setFailed] = useState(false);
  const trimmed = text.trim();
  const canSend = trimmed.length > 0 && trimmed.length <= SUPPORT_MAX_LENGTH && !isLoading;

  const send = async () => {
    if (!canSend) return;
    try {
      const message = await post({ content: trimmed }).unwrap();
      dispatch(messagesReceived({ chatType: 'support', messages: [message] }));
      setText('');
      setFailed(false);
    } catch (error) {
      console.warn('support: message not sent', error);
      setFailed(true);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <div className="support-pane" data-testid="support-pane">
      <SupportStatusBar status={status} />
      {list}
      <div className="chat-composer">
        {failed && (
          <div className="chat-failed" role="alert">
            {t('support.worker.notSent')}
          </div>
        )}
        <div className="chat-input-row">
          <Input.TextArea
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={t('support.worker.placeholder')}
            autoSize={{ minRows: 1, maxRows: 5 }}
            aria-label={t('support.worker.placeholder')}
            data-testid="support-input"
          />
          <Button type="primary" shape="circle" size="large" icon={<SendOutlined />} disabled={!canSend} loading={isLoading} onClick={() => void send()} aria-label={t('chat.send')} data-testid="support-send" />
        </div>
      </div>
    </div>
  );
}
