import { randomUUID } from 'node:crypto';
import type { Queryable } from '@platform/service-kit';

/**
 * Claims the right to send the mail of one event: inserts its row, or returns false when a row for the event
 * exists already. Inside the consumer's transaction the row also makes a concurrent duplicate wait, then skip.
 */
export async function claimSentEmail(db: Queryable, mail: { eventId: string; template: string; recipient: string }): Promise<boolean> {
  const result = await db.query({
    name: 'admin_sent_email_claim',
    text: `INSERT INTO sent_emails (id, event_id, template, recipient) VALUES ($1, $2, $3, $4)
           ON CONFLICT (event_id) DO NOTHING`,
    values: [randomUUID(), mail.eventId, mail.template, mail.recipient],
  });
  return result.rowCount === 1;
}
