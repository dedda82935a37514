import type { ComponentType } from 'react';
import type { TAdminSection } from './adminSections';
import { EmailTemplatesSection } from './email-templates';

/** The admin service's mail sections (Email Templates, spec 03 s.2), keyed by section id. */
export const MAIL_SECTIONS: Partial<Record<TAdminSection, ComponentType>> = {
  'email-templates': EmailTemplatesSection,
};
