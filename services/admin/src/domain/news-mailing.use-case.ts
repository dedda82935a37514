import { withTransaction } from '@platform/service-kit';
import type { TMailer } from '../data-access/mailer.js';
import { claimMailing, findPendingMailings, markMailingDone, nextRecipients, recordDelivery } from '../data-access/news.repository.js';
import type { TAdminDeps } from './deps.js';
import { renderTemplate, type TTemplateParts } from './template-rendering.js';

/** Users mailed per batch (one job run); the next batch is its own job. */
export const NEWS_MAIL_BATCH_SIZE = 50;

/** The news e-mail: the item's title and text (escaped by the template engine; the text keeps its line breaks). */
const NEWS_MAIL: TTemplateParts = {
  subject: '{{title}}',
  htmlContent: `<!DOCTYPE html>
<html>
  <body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
    <p>Hello {{userName}},</p>
    <h2>{{title}}</h2>
    <div style="white-space: pre-wrap;">{{content}}</div>
    <p><a href="{{appUrl}}">{{appUrl}}</a></p>
  </body>
</html>`,
  textContent: 'Hello {{userName}},\n\n{{title}}\n\n{{content}}\n\n{{appUrl}}\n',
};

export interface TNewsMailingDeps extends TAdminDeps {
  mailer: TMailer;
  appBaseUrl: string;
}

/**
 * Sends one batch of a news item's mailing: the next users without a delivery row get the e-mail, each delivery
 * recorded in the batch's transaction (a batch that fails rolls its rows back and runs again; a user is mailed once
 * unless the process dies between sending and the commit). Returns whether more users are left.
 */
export async function sendNewsMailBatch(deps: TNewsMailingDeps, newsId: string, batchSize = NEWS_MAIL_BATCH_SIZE): Promise<{ sent: number; more: boolean }> {
  return withTransaction(deps.pool, async (client) => {
    const news = await claimMailing(client, newsId);
    if (!news) return { sent: 0, more: false };
    const recipients = await nextRecipients(client, newsId, batchSize);
    let sent = 0;
    for (const recipient of recipients) {
      if (!(await recordDelivery(client, newsId, recipient.userId))) continue;
      const rendered = renderTemplate(NEWS_MAIL, { userName: recipient.firstName, title: news.title, content: news.content, appUrl: `${deps.appBaseUrl}/` });
      await deps.mailer.send({ to: recipient.email, template: 'news', ...rendered });
      sent += 1;
    }
    const more = recipients.length === batchSize;
    if (!more) await markMailingDone(client, newsId);
    return { sent, more };
  });
}

/** Items whose mailing was asked for and is not finished (a lost queue entry is picked up by the sweep). */
export async function findUnfinishedMailings(deps: TAdminDeps): Promise<string[]> {
  return findPendingMailings(deps.pool);
}
