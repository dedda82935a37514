/**
 * Development data: the development admin and two company documents. Idempotent. Only the development start
 * (SEED_DEV_DATA=true, refused in production by the config) calls it; never run it against production.
 */
import { withTransaction, writeEvent, type Logger, type Pool } from '@platform/service-kit';
import { documentOfTypeExists } from '../data-access/documents.repository.js';
import { findUserByEmail, insertUser } from '../data-access/users.repository.js';
import { createCompanyDocument } from '../domain/documents.use-case.js';
import { hashPassword } from '../domain/passwords.js';

export const DEV_ADMIN_EMAIL = 'admin@platform.local';
export const DEV_ADMIN_PASSWORD = 'Admin123!';

const SEED_LOCK_ID = 724_100_412;

const TERMS_OF_WORK = `
<h2>Terms of Work</h2>
<p>These terms describe how work on this platform is offered, done, reviewed and paid. Please read them before you take your first task.</p>
<h3>1. What the work is</h3>
<ul>
  <li>Each task says what to do, how to submit the result and the reward it pays.</li>
  <li>You choose which tasks to take. Nobody is obliged to take any task.</li>
  <li>A task may have a time limit; if it is not submitted in time it is released for others.</li>
</ul>
<h3>2. Review and payment</h3>
<ul>
  <li>An administrator reviews every submission. A rejection always states its reason, and you may resubmit.</li>
  <li>A submission left unreviewed for the configured number of days is approved automatically.</li>
  <li>Approved work credits the task's reward to your balance once. Every change of your balance is an entry in your statement, which you can see and export at any time.</li>
  <li>You can request a withdrawal of your available balance to a cryptocurrency wallet. The amount is held while the request is <strong>Processing</strong>, then paid out or, if rejected, returned to your available balance with the reason.</li>
</ul>
<h3>3. Your conduct</h3>
<ul>
  <li>Submit only your own work, and only one account per person.</li>
  <li>Be respectful in chat. Messages written by assistants are always marked <strong>Bot</strong>.</li>
</ul>
<h3>4. Ending the arrangement</h3>
<p>You may stop working and delete your account at any time. An account that breaks these terms may be suspended; you can contact support about it.</p>
`;

const PRIVACY_NOTICE = `
<h2>Privacy Notice</h2>
<p>This notice explains what personal data the platform keeps, why, and what you can do about it.</p>
<h3>What we keep</h3>
<ul>
  <li>Your account: name, e-mail address, optional Telegram username, and a slow hash of your password (never the password itself).</li>
  <li>Your work: the tasks you took, your submissions and their files.</li>
  <li>Your money: the entries of your balance statement, your withdrawal requests and saved wallet addresses.</li>
  <li>Your acceptance of company documents, with the time, the network address and the browser it came from.</li>
  <li>Identity documents, if you apply for verification: encrypted, visible to administrators only, every view recorded, and deleted after the retention period.</li>
</ul>
<h3>Why</h3>
<p>To run your account, review and pay your work, prevent fraud, and meet legal obligations. We do not sell your data.</p>
<h3>Your choices</h3>
<ul>
  <li>You can export your data and delete your account from your profile.</li>
  <li>You can ask support any question about your data.</li>
</ul>
`;

export async function seedDevelopment(pool: Pool, logger?: Logger): Promise<void> {
  const adminHash = await hashPassword(DEV_ADMIN_PASSWORD);
  await withTransaction(pool, async (client) => {
    // Two processes seeding at once must not both create the documents.
    await client.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_ID]);

    if (!(await findUserByEmail(client, DEV_ADMIN_EMAIL))) {
      const admin = await insertUser(client, { email: DEV_ADMIN_EMAIL, passwordHash: adminHash, firstName: 'Dev', lastName: 'Admin', role: 'admin' });
      if (admin) {
        await writeEvent(client, 'user.registered', {
          userId: admin.id,
          email: admin.email,
          firstName: admin.firstName,
          lastName: admin.lastName,
          role: admin.role,
          referralSource: null,
          registeredAt: admin.createdAt.toISOString(),
        });
        logger?.info({ email: DEV_ADMIN_EMAIL }, `development admin created: ${DEV_ADMIN_EMAIL} / ${DEV_ADMIN_PASSWORD}`);
      }
    }

    if (!(await documentOfTypeExists(client, 'terms'))) {
      await createCompanyDocument(client, { title: 'Terms of Work', content: TERMS_OF_WORK, type: 'terms', version: '1.0', sortOrder: 0 });
    }
    if (!(await documentOfTypeExists(client, 'privacy'))) {
      await createCompanyDocument(client, { title: 'Privacy Notice', content: PRIVACY_NOTICE, type: 'privacy', version: '1.0', sortOrder: 1 });
    }
  });
}
