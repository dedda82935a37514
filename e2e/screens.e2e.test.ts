import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, makePng, waitUntil } from './support/api.js';
import { takeCspViolations } from './support/csp.js';
import {
  checkScreen,
  completeOnboarding,
  DESKTOP,
  DEV_ADMIN,
  launchBrowser,
  MOBILE,
  NARROW_DESKTOP,
  newContext,
  ONBOARDING_TEXTS,
  uniqueEmail,
  waitForPath,
  waitForToast,
} from './support/browser.js';
import { e2eStack } from './support/stack.js';

/**
 * Issue 10, "Proven by": how every screen behaves, at 390 px in English and in Russian, and the admin console at
 * 900 px and 1440 px. Each screen passed goes through checkScreen (no sideways scrolling, no toast over the header,
 * no serious axe violation, no CSP violation; screenshots at phone and desktop width in e2e/artifacts/screens/).
 */
const { baseUrl } = e2eStack();
const JOURNEY = 'screens';
const PASSWORD = 'secret-pass-10';
const ETH_WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
const { api, registerWorker, adminToken } = apiClient(baseUrl);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const visibleToasts = (page: Page) => page.locator('.ant-notification-notice:not(.ant-notification-fade-leave)');

/** The tab strip fits, or scrolls inside itself; every tab can be reached and is fully shown once chosen. */
async function expectTabsReachable(page: Page, names: RegExp[]): Promise<void> {
  for (const name of names) {
    const tab = page.getByRole('tab', { name });
    await tab.click();
    await expect.poll(() => tab.getAttribute('aria-selected'), { timeout: 10_000, message: `tab ${name} is chosen` }).toBe('true');
    const box = await tab.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect(box, `tab ${name} has a box`).not.toBeNull();
    expect(box!.x, `tab ${name} starts inside the screen`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `tab ${name} ends inside the screen`).toBeLessThanOrEqual(width);
  }
}

/** Gives a worker (registered through the API) a task submitted for review; returns the task's title. */
async function arrangeSubmission(worker: { token: string }, reward: string, title: string): Promise<string> {
  const admin = await adminToken();
  const task = await api<{ id: string }>('/admin/tasks', admin, {
    method: 'POST',
    body: { title, description: 'Open the page and report what you see.', reward, submissionInstructions: 'Attach a screenshot.', estimatedMinutes: 10 },
  });
  await api(`/tasks/${task.id}/take`, worker.token, { method: 'POST' });
  const form = new FormData();
  form.append('submission', 'Done: the page loads and the form works.');
  form.append('files', new Blob([makePng()], { type: 'image/png' }), 'screenshot.png');
  await api(`/tasks/${task.id}/submit`, worker.token, { method: 'POST', form });
  return title;
}

describe('how screens behave (issue 10)', () => {
  it('when a Russian-speaking worker registers with a taken e-mail, leaves the welcome video early and visits every screen at 390 px, then errors sit under their fields and every screen fits', async () => {
    const taken = uniqueEmail('taken');
    await registerWorker(taken, PASSWORD, 'Занят', 'Адрес');
    const context = await newContext(browser, MOBILE, 'ru-RU');
    const page = await context.newPage();

    // Registration: the taken e-mail is refused under the e-mail field, the form kept as typed, no toast.
    await page.goto(`${baseUrl}/register`);
    await page.getByRole('heading', { name: 'Создайте аккаунт' }).waitFor();
    await checkScreen(page, JOURNEY, 'ru-register');
    await page.getByLabel('Имя', { exact: true }).fill('Анна');
    await page.getByLabel('Фамилия').fill('Работникова');
    await page.getByLabel('Эл. почта').fill(taken);
    await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Повторите пароль').fill(PASSWORD);
    await page.getByRole('button', { name: 'Создать аккаунт' }).click();
    const emailItem = page.locator('.form-field', { has: page.getByLabel('Эл. почта') });
    // Said in Russian: the catalogue knows the code (AUTH.EMAIL_TAKEN).
    await emailItem.locator('.field-error').getByText('Пользователь с таким адресом эл. почты уже зарегистрирован').waitFor();
    expect(await page.getByLabel('Имя', { exact: true }).inputValue()).toBe('Анна');
    expect(await page.getByLabel('Эл. почта').inputValue()).toBe(taken);
    expect(await visibleToasts(page).count()).toBe(0);
    await checkScreen(page, JOURNEY, 'ru-register-email-taken');

    // A fresh e-mail: the message goes as soon as the field is edited, and the account is created.
    await page.getByLabel('Эл. почта').fill(uniqueEmail('anna'));
    await expect.poll(() => emailItem.locator('.field-error').count(), { timeout: 10_000 }).toBe(0);
    await page.getByRole('button', { name: 'Создать аккаунт' }).click();
    await waitForPath(page, '/');

    // The welcome video: leaving the page within 2 s still tells the server it was shown (keepalive).
    await page.getByRole('button', { name: ONBOARDING_TEXTS.ru.skip }).waitFor();
    await page.goto(`${baseUrl}/tasks`);
    const seen = await completeOnboarding(page, JOURNEY, ONBOARDING_TEXTS.ru);
    expect(seen.video).toBe(false);
    expect(seen.documents).toBeGreaterThan(0);

    // Tasks: the four tabs fit or scroll; the fourth is reachable and fully shown.
    await page.getByRole('tab', { name: /Доступно/ }).waitFor();
    await checkScreen(page, JOURNEY, 'ru-tasks');
    await expectTabsReachable(page, [/Мои/, /Правки/, /Готово/, /Доступно/]);
    // Each Russian label is one line and shown whole (issue 28: they wrapped onto two lines at 390 px).
    const labels = await page.locator('.tasks-tabs .tab-label').evaluateAll((elements) =>
      elements.map((el) => {
        const box = el.getBoundingClientRect();
        return { text: el.textContent, oneLine: box.height <= parseFloat(el.ownerDocument.defaultView!.getComputedStyle(el).fontSize) * 1.8, whole: el.scrollWidth <= el.clientWidth };
      }),
    );
    expect(labels).toHaveLength(4);
    for (const label of labels) expect(label, `tab label ${label.text}`).toMatchObject({ oneLine: true, whole: true });
    await page.getByRole('tab', { name: /Готово/ }).click();
    await checkScreen(page, JOURNEY, 'ru-tasks-done-tab');

    // Home, Chat, Awards.
    await page.getByRole('link', { name: 'Главная' }).click();
    await waitForPath(page, '/');
    await page.getByTestId('balance-card').waitFor();
    await checkScreen(page, JOURNEY, 'ru-home');
    for (const [link, path] of [
      ['Чат', '/chat'],
      ['Награды', '/awards'],
    ] as const) {
      await page.getByRole('link', { name: link }).click();
      await waitForPath(page, path);
      await page.locator('.worker-main > *').first().waitFor();
      await page.locator('.worker-main .ant-spin-spinning').waitFor({ state: 'detached' });
      await checkScreen(page, JOURNEY, `ru-${path.slice(1)}`);
    }

    // Withdrawals: New Withdrawal says at once that a balance of 0.00 is under the minimum.
    await page.goto(`${baseUrl}/withdrawals`);
    await page.getByRole('tab', { name: 'История' }).waitFor();
    await checkScreen(page, JOURNEY, 'ru-withdrawals');
    await page.getByRole('tab', { name: 'Выписка' }).click();
    await checkScreen(page, JOURNEY, 'ru-statement');
    await page.getByRole('button', { name: 'Новый вывод' }).click();
    const withdraw = page.getByRole('dialog', { name: 'Новый вывод' });
    await withdraw.getByTestId('below-minimum').getByText('Пока недостаточно для вывода').waitFor();
    // Money in the reader's locale (issue 28 item 2): "50,00 $" in Russian.
    expect(await withdraw.getByTestId('below-minimum').innerText()).toMatch(/50,00\s\$/);
    await checkScreen(page, JOURNEY, 'ru-withdraw-below-minimum');
    await page.keyboard.press('Escape');
    await withdraw.waitFor({ state: 'hidden' });

    // Profile: nothing says 'coming' beside Bind Payment Method; a wrong address is refused under the field.
    await page.getByRole('link', { name: 'Профиль' }).click();
    await waitForPath(page, '/profile');
    const bind = page.getByRole('button', { name: /Привязать способ оплаты/ });
    await bind.waitFor();
    expect(await page.locator('.panel', { has: bind }).innerText()).not.toMatch(/скоро/i);
    await checkScreen(page, JOURNEY, 'ru-profile');
    await bind.click();
    const wallets = page.getByRole('dialog', { name: 'Кошельки для выплат' });
    await wallets.getByLabel('Валюта').selectOption('BTC');
    await wallets.getByLabel('Адрес кошелька').fill(ETH_WALLET);
    await wallets.getByRole('button', { name: 'Сохранить кошелёк' }).click();
    // In Russian by its code (issue 28 item 1): PAYOUTS.INVALID_WALLET_ADDRESS.
    await wallets.getByTestId('wallet-address-error').getByText('Введите корректный адрес кошелька Bitcoin (BTC)').waitFor();
    expect(await wallets.getByLabel('Адрес кошелька').getAttribute('aria-invalid')).toBe('true');
    expect(await wallets.getByLabel('Адрес кошелька').inputValue()).toBe(ETH_WALLET);
    expect(await visibleToasts(page).count()).toBe(0);
    await checkScreen(page, JOURNEY, 'ru-wallet-address-refused');
    await page.keyboard.press('Escape');

    // The not-found screen says 404 once.
    await page.goto(`${baseUrl}/no-such-page`);
    await page.getByRole('heading', { name: '404 Страница не найдена' }).waitFor();
    expect((await page.locator('body').innerText()).match(/404/g)).toHaveLength(1);
    await checkScreen(page, JOURNEY, 'ru-not-found');
    await context.close();
  });

  it('when a worker fails to sign in at 390 px and then succeeds, then "Login failed" is gone, and the landing page has one sign-in action', async () => {
    const email = uniqueEmail('toasts');
    await registerWorker(email, PASSWORD, 'Tom', 'Toast');
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();

    const landing = await page.goto(`${baseUrl}/landing/professional-tester`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The gateway's Content-Security-Policy is on, and the journeys' guard sees a violation: an inline script is
    // refused and reported (taken here, as it was on purpose; any other fails the journey).
    expect(landing?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.evaluate(`document.head.appendChild(Object.assign(document.createElement('script'), { textContent: 'window.__inline = 1' }))`);
    const seen: string[] = [];
    await expect
      .poll(() => {
        seen.push(...takeCspViolations());
        return seen.some((line) => line.includes('[csp-violation] script-src'));
      }, { timeout: 10_000 })
      .toBe(true);
    // The browser's own console line about it may come a moment later: take it too.
    await page.evaluate('new Promise((resolve) => setTimeout(resolve, 500))');
    seen.push(...takeCspViolations());
    expect(await page.evaluate('window.__inline')).toBeUndefined();
    expect(await page.locator('.landing-header').getByRole('button').allInnerTexts()).toEqual(['Sign In']);
    await checkScreen(page, JOURNEY, 'landing');

    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await visibleToasts(page).getByText('Login failed').waitFor();
    // The toast is at the bottom: the brand and the title stay readable.
    await checkScreen(page, JOURNEY, 'login-failed');

    // Fail once more (its toast is there for 5 s), then succeed at once: the success replaces the failure, it does not
    // wait for it to time out.
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/auth/login'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect((await refused).status()).toBe(401);
    await visibleToasts(page).getByText('Login failed').waitFor();
    await page.locator('button[aria-busy="true"]').waitFor({ state: 'detached' });
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await visibleToasts(page).getByText('Welcome back!').waitFor();
    expect(await visibleToasts(page).getByText('Login failed').count()).toBe(0);
    await waitForPath(page, '/');
    await completeOnboarding(page);
    await page.getByText('Hello, Tom').waitFor();
    await checkScreen(page, JOURNEY, 'home-after-login');
    await context.close();
  });

  for (const viewport of [NARROW_DESKTOP, DESKTOP]) {
    it(`when the admin works at ${viewport.width} px, then no onboarding shows, the menu never covers the page, every section fits and money moves only after a confirmation`, async () => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      const onboardingCalls: string[] = [];
      page.on('request', (request) => {
        if (/\/api\/(user\/welcome-status|documents\/required)/.test(request.url())) onboardingCalls.push(request.url());
      });

      await page.goto(`${baseUrl}/login`);
      await page.getByLabel('Email').fill(DEV_ADMIN.email);
      await page.getByLabel('Password').fill(DEV_ADMIN.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await waitForPath(page, '/admin');
      await page.locator('[data-testid="onboarding-settled"]').waitFor({ state: 'attached' });
      // Admins skip the worker onboarding: no video, no documents, not even the status call.
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(onboardingCalls).toEqual([]);

      // The side menu: a rail of icons at 900 px, full at 1440 px; beside the page, never over it.
      const sider = page.locator('.admin-sider');
      const main = page.locator('.admin-main');
      const expectBeside = async () => {
        const [s, m] = [await sider.boundingBox(), await main.boundingBox()];
        expect(s!.x + s!.width).toBeLessThanOrEqual(m!.x + 1);
      };
      expect(Math.round((await sider.boundingBox())!.width)).toBe(viewport.width < 1200 ? 64 : 248);
      await expectBeside();
      const toggle = page.getByRole('button', { name: 'Menu' });
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-expanded'), { timeout: 10_000 }).toBe(viewport.width < 1200 ? 'true' : 'false');
      await page.waitForTimeout(300); // the sider's width transition (0.2 s)
      await expectBeside();
      await checkScreen(page, JOURNEY, `admin-${viewport.width}-menu-toggled`);
      await toggle.click();
      await page.waitForTimeout(300);

      // The menu's last entry can be scrolled into view above the footer.
      const lastEntry = sider.locator('.ant-menu > li').last();
      await lastEntry.scrollIntoViewIfNeeded();
      const footer = (await sider.locator('.admin-sider-footer').boundingBox())!;
      const last = (await lastEntry.boundingBox())!;
      expect(last.y + last.height).toBeLessThanOrEqual(footer.y + 1);

      for (const section of [
        'dashboard',
        'users-list',
        'task-requests',
        'submissions',
        'verifications',
        'tasks',
        'task-packages',
        'withdrawals',
        'awards-management',
        'chat-management',
        'chat-monitor',
        'chat-moderation',
        'crm',
        'referrals',
        'company-news',
        'documents',
        'settings',
        'email-templates',
        'audit-log',
      ]) {
        await page.goto(`${baseUrl}/admin/${section}`);
        await page.locator('.admin-content > *').first().waitFor();
        await checkScreen(page, JOURNEY, `admin-${viewport.width}-${section}`);
      }

      // Approving a submission credits the reward: a second click in a dialog that says so.
      const worker = await registerWorker(uniqueEmail('anna'), PASSWORD, 'Anna', 'Workerova');
      const title = await arrangeSubmission(worker, '75.00', `Check the checkout page ${viewport.width} ${Date.now().toString(36)}`);
      await page.goto(`${baseUrl}/admin/submissions`);
      const row = page.getByTestId('admin-submissions').locator('tr.ant-table-row', { hasText: title });
      const approve = row.getByRole('button', { name: /Approve/ });
      await approve.click();
      const confirm = page.getByRole('dialog', { name: 'Approve this submission?' });
      await confirm.getByText('Credit $75.00 to Anna Workerova').waitFor();
      // Keyboard: focus starts inside (on Cancel), Tab stays inside, Escape cancels and returns to the button.
      // Inside the confirmation's modal (its dialog or the focus guards antd keeps around it), never on the page.
      const focusInConfirm = `document.activeElement?.closest('.ant-modal-root')?.textContent?.includes('Credit $75.00') ?? false`;
      await expect.poll(() => page.evaluate(focusInConfirm), { timeout: 10_000 }).toBe(true);
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press('Tab');
        const where = (await page.evaluate('document.activeElement?.outerHTML.slice(0, 120)')) as string;
        expect(await page.evaluate(focusInConfirm), `focus after Tab ${i + 1}: ${where}`).toBe(true);
      }
      await checkScreen(page, JOURNEY, `admin-${viewport.width}-approve-confirm`);
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'hidden' });
      await expect.poll(() => approve.evaluate((el) => el === (el.ownerDocument as unknown as { activeElement: unknown }).activeElement), { timeout: 10_000 }).toBe(true);
      expect(await row.count()).toBe(1);
      await approve.click();
      await confirm.getByRole('button', { name: 'Approve and credit $75.00' }).click();
      await waitForToast(page, 'Submission approved successfully!');
      await row.waitFor({ state: 'detached' });
      await waitUntil('reward credited', () => api<{ available: string }>('/ledger/balance', worker.token), (b) => b.available === '75.00');

      // Approving a withdrawal: the dialog keeps nothing of one worker for the next, and paying needs a confirmation.
      const admin = await adminToken();
      const other = await registerWorker(uniqueEmail('boris'), PASSWORD, 'Boris', 'Payee');
      await waitUntil('account opened', () => api<{ available: string }>('/ledger/balance', other.token), (b) => b.available === '0.00');
      await api(`/admin/users/${other.id}/balance`, admin, { method: 'PATCH', body: { balance: '90.00', reason: 'Test funds' } });
      for (const [who, amount] of [
        [worker, '60.00'],
        [other, '55.00'],
      ] as const) {
        const response = await fetch(`${baseUrl}/api/withdrawals`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${who.token}`, 'Content-Type': 'application/json', 'Idempotency-Key': `${who.id}-${viewport.width}` },
          body: JSON.stringify({ amount, currency: 'ETH', walletAddress: ETH_WALLET }),
        });
        expect(response.status, await response.text()).toBe(201);
      }
      await page.goto(`${baseUrl}/admin/withdrawals`);
      const pending = page.getByTestId('pending-withdrawals');
      const annaRow = pending.locator('tr', { hasText: 'Anna Workerova' });
      const borisRow = pending.locator('tr', { hasText: 'Boris Payee' });
      await annaRow.first().waitFor();
      await annaRow.first().getByRole('button', { name: 'Review' }).click();
      const review = page.getByRole('dialog', { name: 'Review withdrawal' });
      await review.getByLabel('Transaction reference').fill('0xannas-payout');
      await review.getByRole('button', { name: 'Cancel' }).click();
      await review.waitFor({ state: 'hidden' });
      await borisRow.first().getByRole('button', { name: 'Review' }).click();
      await review.getByText('Boris Payee').waitFor();
      expect(await review.getByLabel('Transaction reference').inputValue()).toBe('');
      await review.getByLabel('Transaction reference').fill('0xboris-payout-reference');
      await review.getByRole('button', { name: 'Approve', exact: true }).last().click();
      const paid = page.getByRole('dialog', { name: 'Mark this withdrawal as paid?' });
      await paid.getByText('Pay $55.00 to Boris Payee').waitFor();
      await checkScreen(page, JOURNEY, `admin-${viewport.width}-payout-confirm`);
      await paid.getByRole('button', { name: 'Confirm payout of $55.00' }).click();
      await page.getByText('Request processed').first().waitFor();
      await page.getByTestId('withdrawal-history').locator('tr', { hasText: 'Boris Payee' }).getByText('Approved').first().waitFor();
      await checkScreen(page, JOURNEY, `admin-${viewport.width}-withdrawals-after`);
      await context.close();
      // Every console section at this width, each through checkScreen (three widths, axe): 85-110 s on a loaded
      // machine, so more than the tier's 120 s default.
    }, 240_000);
  }
});
