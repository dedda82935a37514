import type { ComponentType } from 'react';
import type { TAdminSection } from './adminSections';
import { ChatModerationSection } from './chat-moderation';
import { ChatMonitorSection } from './chat-monitor';

/** The chat service's admin sections (issue 11), keyed by section id. */
export const CHAT_SECTIONS: Partial<Record<TAdminSection, ComponentType>> = {
  'chat-monitor': ChatMonitorSection,
  'chat-moderation': ChatModerationSection,
};
