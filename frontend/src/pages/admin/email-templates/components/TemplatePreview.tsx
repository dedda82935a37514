import { useTranslation } from 'react-i18next';

/**
 * The HTML part of a template, drawn in a fully sandboxed iframe (`sandbox=""`: no scripts, no same origin, no
 * forms, no navigation of the console) from `srcDoc`. Variables stay as written ({{userName}}): the server fills
 * them in only when it sends a mail.
 */
export function TemplatePreview({ html }: { html: string }) {
  const { t } = useTranslation();
  return (
    <div className="email-template-preview">
      <div className="email-template-preview-head">
        <span className="email-template-preview-title">{t('emailTemplates.dialog.previewTitle')}</span>
        <span className="muted small">{t('emailTemplates.dialog.previewHint')}</span>
      </div>
      {html.trim() === '' ? (
        <div className="email-template-preview-empty muted">{t('emailTemplates.dialog.previewEmpty')}</div>
      ) : (
        <iframe className="email-template-preview-frame" sandbox="" srcDoc={html} title={t('emailTemplates.dialog.previewTitle')} referrerPolicy="no-referrer" />
      )}
    </div>
  );
}
