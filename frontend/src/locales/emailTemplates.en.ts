/**
 * Admin > Email Templates (spec 03 s.2, s.5, s.8, s.9): the `emailTemplates` namespace. The messages of the spec are
 * these entries, word for word; emailTemplates.ru.ts mirrors every key.
 */
export const emailTemplatesEn = {
  back: 'Back to dashboard',
  intro: 'The e-mails the platform sends on events. Variables are written in double braces, e.g. {{example}}, and filled in by the server when a mail is sent.',
  create: 'Create template',
  loadFailed: 'Failed to load templates',
  columns: {
    name: 'Name',
    subject: 'Subject',
    variables: 'Variables',
    updated: 'Updated',
  },
  noVariables: 'None',
  empty: {
    title: 'No templates yet',
    description: 'Create the three default templates in one click: {{names}}. Their variables: {{variables}}. You can edit them afterwards.',
    action: 'Create default templates',
  },
  dialog: {
    createTitle: 'Create template',
    editTitle: 'Edit template',
    nameReadOnly: 'The name cannot be changed',
    variablesHint: 'Optional. Type a name and press Enter. Left empty on creation, the server takes them from the template.',
    variablesPlaceholder: 'e.g. userName',
    previewTitle: 'HTML preview',
    previewHint: 'Variables are shown as written; the server fills them in when it sends a mail.',
    previewEmpty: 'Nothing to preview yet',
  },
  fields: {
    name: 'Name',
    subject: 'Subject',
    htmlContent: 'HTML content',
    textContent: 'Text content',
    variables: 'Variables',
  },
  validation: {
    nameRequired: 'Name is required',
    subjectRequired: 'Subject is required',
    htmlContentRequired: 'HTML content is required',
    textContentRequired: 'Text content is required',
    variableInvalid: 'A variable name may contain only letters, digits and _',
  },
  toasts: {
    created: 'Template Created',
    updated: 'Template Updated',
    defaultsCreated: 'Default Templates Created',
    createFailed: 'Creation Failed',
    updateFailed: 'Update Failed',
    defaultsFailed: 'Failed to create default templates',
  },
} as const;
