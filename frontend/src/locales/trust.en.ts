/**
 * The public trust page (issue 31), English. Loaded with the page's own chunk, not with the first download's
 * catalogue (en.ts), so the sign-in screens' budget (e2e/budget.e2e.test.ts) does not carry it; trust.ru.ts has the
 * same shape (the type makes a missing Russian entry a compile error). The link to the page is in en.ts/ru.ts
 * (`trust.link`). Nothing here is a figure: every number on the page comes from the server.
 */
export const trustEn = {
  title: 'How this platform treats workers',
  intro: 'Who runs the platform, what it charges, the rules it keeps, and how it has kept them, counted from what actually happened.',
  neverPay: 'We never ask you to pay or deposit anything. The only deduction is the network fee of a withdrawal, shown before you confirm it.',
  signIn: 'Sign in',
  backToApp: 'Back to the app',
  loading: 'Loading...',
  failed: 'This part cannot be loaded right now. Please try again later.',
  asOf: (time: string) => `as of ${time}`,
  notEnoughData: 'not enough data yet',
  operator: {
    title: 'Who operates the platform',
    legalName: 'Legal name',
    address: 'Address',
    contact: 'Contact',
    missingValue: 'Not provided yet',
    missingNote: (fields: string) => `The operator has not filled in: ${fields}. Until they do, treat this as a warning sign.`,
    complete: 'Set by the platform administrators in System Settings.',
  },
  fees: {
    title: 'Fees and the minimum withdrawal',
    minimum: 'Minimum withdrawal',
    currency: 'Currency and network',
    fee: 'Network fee',
    feeNote: 'The network fee is taken in the currency you withdraw to and is shown again in the withdraw dialog before you confirm. There are no other fees.',
    cooldown: (hours: string) => `A payout wallet added less than ${hours} h ago cannot receive a payout yet (protection against account takeover).`,
  },
  rules: {
    title: 'Review, appeal and payout rules',
    decision: (hours: string) => `Every withdrawal is decided within ${hours} hours of the request; the worker sees the time it is promised by, and an overdue one is escalated.`,
    autoApproval: (days: string) => `Work not reviewed within ${days} days is approved automatically.`,
    appealWindow: (days: string) => `A rejection names the instruction that was not met and can be appealed within ${days} days.`,
    appealDecision: (days: string) => `An appeal is decided by a different administrator within ${days} days.`,
  },
  figures: {
    title: 'Live figures',
    hint: (days: string) => `Computed from the platform's events over the last ${days} days, nobody types these numbers. The administrators' dashboard shows the same ones.`,
    decision: 'Withdrawal request to decision',
    payout: 'Withdrawal request to payout',
    median: 'median',
    p95: '95% within',
    ofCount: (count: string) => `over ${count}`,
    inTime: 'Withdrawals decided within the promised time',
    inTimeDetail: (kept: string, due: string) => `${kept} of ${due}`,
    review: 'Submission to review (median)',
    rejectionRate: 'Submissions rejected',
    appeals: 'Appeals that overturned a rejection',
    appealsDetail: (overturned: string, decided: string) => `${overturned} of ${decided} decided`,
    support: 'Support first response (median)',
    workersPaid: 'Workers paid',
  },
  ledger: {
    title: 'Ledger check',
    explain: 'Every balance is an append-only ledger; each entry carries a hash of the one before it. A scheduled job checks every account\'s chain, so an edited or removed entry would show here.',
    valid: (accounts: string, entries: string) => `All ${accounts} accounts check out (${entries} entries).`,
    broken: (broken: string, accounts: string) => `${broken} of ${accounts} accounts do not check out: the administrators are alerted.`,
    notRun: 'The check has not run yet.',
    lastRun: (time: string) => `Last run ${time}`,
  },
  duration: {
    minutes: (n: string) => `${n} min`,
    hours: (h: string, m: string) => `${h} h ${m} min`,
    days: (d: string, h: string) => `${d} d ${h} h`,
  },
};

export type TTrustTexts = typeof trustEn;
