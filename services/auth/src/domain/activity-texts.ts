import type { TActivityEntry, TActivityType } from '@platform/contracts';

export type TActivityLanguage = 'en' | 'ru';

type TParams = Record<string, string | null>;
interface TLook {
  title: string;
  description: string;
  color: string;
  badge: string;
  icon: string;
}

type TOutcome = 'approved' | 'rejected' | null;

const MONEY_FORMATS: Record<TActivityLanguage, Intl.NumberFormat> = {
  en: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  ru: new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

/** The amount in the reader's locale, as the screens write it ("$7.50", "7,50 $"); the decimal text is exact to the cent. */
const moneyIn = (language: TActivityLanguage) => (p: TParams) => {
  const amount = Number(p.amount ?? '0');
  return Number.isFinite(amount) ? MONEY_FORMATS[language].format(amount) : `${p.amount}`;
};

/** How each kind of entry reads in each language (spec 02 Activity entry: title, description, color, badge, icon). */
const LOOKS: Record<TActivityLanguage, (type: TActivityType, p: TParams, outcome: TOutcome) => TLook> = {
  en: (type, p, outcome) => {
    const money = moneyIn('en');
    switch (type) {
      case 'account_created':
        return { title: 'Account created', description: 'Welcome to the platform', color: 'blue', badge: 'Account', icon: 'user-plus' };
      case 'task_assigned':
        return { title: 'Task taken', description: p.taskTitle ? `You took the task "${p.taskTitle}"` : 'A task was assigned to you', color: 'blue', badge: 'Task', icon: 'clipboard-list' };
      case 'task_completed':
        return { title: 'Task completed', description: `Reward ${money(p)} credited to your balance`, color: 'green', badge: 'Completed', icon: 'check-circle' };
      case 'task_topped_up':
        return {
          title: 'Pay topped up',
          description: `${money(p)} more for "${p.taskTitle ?? ''}": workers really took longer, so it is topped up to the minimum of ${moneyIn('en')({ amount: p.minimumHourlyRate ?? '0' })} per hour`,
          color: 'green',
          badge: 'Top-up',
          icon: 'check-circle',
        };
      case 'withdrawal_request':
        if (outcome === 'approved') return { title: 'Withdrawal requested', description: `${money(p)} to ${p.currency ?? ''}: approved`, color: 'green', badge: 'Approved', icon: 'wallet' };
        if (outcome === 'rejected') return { title: 'Withdrawal requested', description: `${money(p)} to ${p.currency ?? ''}: rejected`, color: 'red', badge: 'Rejected', icon: 'wallet' };
        return { title: 'Withdrawal requested', description: `${money(p)} to ${p.currency ?? ''}: awaiting review`, color: 'amber', badge: 'Processing', icon: 'wallet' };
      case 'withdrawal_approved':
        return { title: 'Withdrawal approved', description: `${money(p)} paid out in ${p.currency ?? ''}`, color: 'green', badge: 'Approved', icon: 'wallet' };
      case 'withdrawal_rejected':
        return { title: 'Withdrawal rejected', description: `${money(p)} returned to your balance${p.reason ? `: ${p.reason}` : ''}`, color: 'red', badge: 'Rejected', icon: 'x-circle' };
      case 'verification':
        if (p.phase === 'approved') return { title: 'Identity verified', description: 'Your identity verification was approved', color: 'green', badge: 'Verified', icon: 'shield-check' };
        if (p.phase === 'rejected') return { title: 'Verification rejected', description: `Reason: ${p.reason ?? ''}`, color: 'red', badge: 'Rejected', icon: 'shield-x' };
        if (outcome === 'approved') return { title: 'Verification submitted', description: 'Reviewed: approved', color: 'green', badge: 'Approved', icon: 'shield' };
        if (outcome === 'rejected') return { title: 'Verification submitted', description: 'Reviewed: rejected', color: 'red', badge: 'Rejected', icon: 'shield' };
        return { title: 'Verification submitted', description: 'Verification pending review', color: 'amber', badge: 'Pending', icon: 'shield' };
      case 'task_returned':
        return { title: 'Task handed back', description: 'You handed a task back; it does not count against you', color: 'blue', badge: 'Returned', icon: 'undo' };
      case 'task_appealed':
        if (outcome === 'approved') return { title: 'Rejection appealed', description: `"${p.taskTitle ?? ''}": appeal won`, color: 'green', badge: 'Overturned', icon: 'scale' };
        if (outcome === 'rejected') return { title: 'Rejection appealed', description: `"${p.taskTitle ?? ''}": the rejection stands`, color: 'red', badge: 'Upheld', icon: 'scale' };
        return { title: 'Rejection appealed', description: `"${p.taskTitle ?? ''}": a second admin will decide`, color: 'amber', badge: 'Under appeal', icon: 'scale' };
      case 'appeal_decided':
        if (p.decision === 'overturned') return { title: 'Appeal won', description: `"${p.taskTitle ?? ''}": the rejection was overturned and your work approved`, color: 'green', badge: 'Overturned', icon: 'scale' };
        return { title: 'Appeal decided', description: `"${p.taskTitle ?? ''}": the rejection stands${p.reason ? `: ${p.reason}` : ''}`, color: 'red', badge: 'Upheld', icon: 'scale' };
    }
  },
  ru: (type, p, outcome) => {
    const money = moneyIn('ru');
    switch (type) {
      case 'account_created':
        return { title: 'Аккаунт создан', description: 'Добро пожаловать на платформу', color: 'blue', badge: 'Аккаунт', icon: 'user-plus' };
      case 'task_assigned':
        return { title: 'Задание взято', description: p.taskTitle ? `Вы взяли задание «${p.taskTitle}»` : 'Вам назначено задание', color: 'blue', badge: 'Задание', icon: 'clipboard-list' };
      case 'task_completed':
        return { title: 'Задание выполнено', description: `Вознаграждение ${money(p)} зачислено на баланс`, color: 'green', badge: 'Выполнено', icon: 'check-circle' };
      case 'task_topped_up':
        return {
          title: 'Оплата доплачена',
          description: `Ещё ${money(p)} за «${p.taskTitle ?? ''}»: на деле задание занимает больше времени, поэтому оплата доведена до минимума ${moneyIn('ru')({ amount: p.minimumHourlyRate ?? '0' })} в час`,
          color: 'green',
          badge: 'Доплата',
          icon: 'check-circle',
        };
      case 'withdrawal_request':
        if (outcome === 'approved') return { title: 'Запрошен вывод средств', description: `${money(p)} в ${p.currency ?? ''}: одобрен`, color: 'green', badge: 'Одобрено', icon: 'wallet' };
        if (outcome === 'rejected') return { title: 'Запрошен вывод средств', description: `${money(p)} в ${p.currency ?? ''}: отклонён`, color: 'red', badge: 'Отклонено', icon: 'wallet' };
        return { title: 'Запрошен вывод средств', description: `${money(p)} в ${p.currency ?? ''}: ожидает проверки`, color: 'amber', badge: 'В обработке', icon: 'wallet' };
      case 'withdrawal_approved':
        return { title: 'Вывод одобрен', description: `${money(p)} выплачено в ${p.currency ?? ''}`, color: 'green', badge: 'Одобрено', icon: 'wallet' };
      case 'withdrawal_rejected':
        return { title: 'Вывод отклонён', description: `${money(p)} возвращено на баланс${p.reason ? `: ${p.reason}` : ''}`, color: 'red', badge: 'Отклонено', icon: 'x-circle' };
      case 'verification':
        if (p.phase === 'approved') return { title: 'Личность подтверждена', description: 'Ваша заявка на верификацию одобрена', color: 'green', badge: 'Подтверждено', icon: 'shield-check' };
        if (p.phase === 'rejected') return { title: 'Верификация отклонена', description: `Причина: ${p.reason ?? ''}`, color: 'red', badge: 'Отклонено', icon: 'shield-x' };
        if (outcome === 'approved') return { title: 'Заявка на верификацию отправлена', description: 'Проверена: одобрена', color: 'green', badge: 'Одобрено', icon: 'shield' };
        if (outcome === 'rejected') return { title: 'Заявка на верификацию отправлена', description: 'Проверена: отклонена', color: 'red', badge: 'Отклонено', icon: 'shield' };
        return { title: 'Заявка на верификацию отправлена', description: 'Верификация ожидает проверки', color: 'amber', badge: 'На проверке', icon: 'shield' };
      case 'task_returned':
        return { title: 'Задание возвращено', description: 'Вы вернули задание; это не засчитывается против вас', color: 'blue', badge: 'Возвращено', icon: 'undo' };
      case 'task_appealed':
        if (outcome === 'approved') return { title: 'Отклонение обжаловано', description: `«${p.taskTitle ?? ''}»: апелляция удовлетворена`, color: 'green', badge: 'Отменено', icon: 'scale' };
        if (outcome === 'rejected') return { title: 'Отклонение обжаловано', description: `«${p.taskTitle ?? ''}»: отклонение остаётся в силе`, color: 'red', badge: 'Оставлено', icon: 'scale' };
        return { title: 'Отклонение обжаловано', description: `«${p.taskTitle ?? ''}»: решение примет другой администратор`, color: 'amber', badge: 'На апелляции', icon: 'scale' };
      case 'appeal_decided':
        if (p.decision === 'overturned') return { title: 'Апелляция удовлетворена', description: `«${p.taskTitle ?? ''}»: отклонение отменено, работа принята`, color: 'green', badge: 'Отменено', icon: 'scale' };
        return { title: 'Решение по апелляции', description: `«${p.taskTitle ?? ''}»: отклонение остаётся в силе${p.reason ? `: ${p.reason}` : ''}`, color: 'red', badge: 'Оставлено', icon: 'scale' };
    }
  },
};

/** An entry as the reader sees it; a request's badge follows its decision (outcome), never staying Pending after it. */
export function presentActivity(entry: { id: string; type: TActivityType; params: TParams; occurredAt: Date; outcome?: TOutcome }, language: TActivityLanguage): TActivityEntry {
  return { id: entry.id, type: entry.type, timestamp: entry.occurredAt.toISOString(), ...LOOKS[language](entry.type, entry.params, entry.outcome ?? null) };
}

/** The reader's language: ?lang wins, then the first of Accept-Language that we speak, else English. */
export function activityLanguageOf(lang: string | undefined, acceptLanguage: string | undefined): TActivityLanguage {
  if (lang === 'ru' || lang === 'en') return lang;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    if (tag.startsWith('ru')) return 'ru';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}
