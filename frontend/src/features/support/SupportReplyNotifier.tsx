import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toast';
import { useChatClient } from '../chat/ChatProvider';

/** Spec 01 s.9: the notification of a support reply shows for 5000 ms with the reply cut to 80 characters and an ellipsis. */
export const SUPPORT_NOTIFICATION_SECONDS = 5;
export const SUPPORT_NOTIFICATION_PREVIEW_LENGTH = 80;

/** The reply as the notification shows it: spaces collapsed, 80 characters, then an ellipsis when longer. */
export function supportPreview(text: string, length = SUPPORT_NOTIFICATION_PREVIEW_LENGTH): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length > length ? `${chars.slice(0, length).join('')}…` : chars.join('');
}

/**
 * Shows the worker a notification when Support Team answers (spec 01 s.6, s.9), on any screen of the worker app but
 * not while the Support tab of /chat is open and visible (the chat client decides that, and counts the badge).
 */
export function SupportReplyNotifier() {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useChatClient();
  useEffect(() => {
    if (!client) return;
    return client.onSupportReply((message) => {
      toast({ title: t('support.notification.title'), description: supportPreview(message.content), durationSeconds: SUPPORT_NOTIFICATION_SECONDS, action: 'support.reply' });
    });
  }, [client, toast, t]);
  return null;
}
