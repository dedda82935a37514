/**
 * The scale seed's plan: every row of every service, decided once in memory (typed arrays, a seeded random
 * generator), so each service's tables and the read models other services keep of them are written from the same
 * facts. Nothing here touches a database; scripts/seed-scale.ts writes the plan, each service's rows into its own
 * database.
 *
 * Most tasks have one slot, so of their assignments one per task is live or completed; some older ones took several
 * workers (MULTI_SLOT_MIN to MULTI_SLOT_MAX slots, all done, each by another worker), so their median real time shows
 * (issue 29: from 10 approved). The other assignments were cancelled (released by the time limit, or cancelled by an
 * admin, some after a submission). The ledger holds every reward,
 * hold, payout and release those imply, and admin adjustments (bonuses) make up the rest of its entries.
 */
import { createHash, randomUUID } from 'node:crypto';
import { CURRENCIES } from '../../services/payouts/src/domain/currencies.js';
import { DEV_TASKS } from '../../services/work/src/scripts/dev-tasks.js';
import * as TEXTS from './texts.js';

/** Production volumes (issue 25 item 2); the seed multiplies each by its scale factor. */
export const FULL_VOLUMES = {
  workers: 100_000,
  tasks: 50_000,
  assignments: 300_000,
  withdrawals: 200_000,
  pendingWithdrawals: 20_000,
  ledgerEntries: 1_000_000,
  chatMessages: 500_000,
  auditRows: 200_000,
  verifications: 20_000,
  taskRequests: 20_000,
  supportConversations: 10_000,
  taskPackages: 500,
  referralLinks: 600,
  landingPages: 40,
  documents: 60,
  news: 300,
  awards: 400,
} as const;
export type TVolumes = { -readonly [K in keyof typeof FULL_VOLUMES]: number };

export function volumesAt(scale: number): TVolumes {
  const out = {} as TVolumes;
  for (const [key, value] of Object.entries(FULL_VOLUMES)) out[key as keyof TVolumes] = Math.max(key === 'landingPages' ? 2 : 1, Math.round(value * scale));
  return out;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

/** mulberry32: a small, fast, seeded generator (the same seed gives the same plan). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Items grouped by owner (counting sort): the items of owner o are items[start[o] .. start[o + 1]). */
export interface TGroups {
  start: Int32Array;
  items: Int32Array;
}
export function groupBy(owner: Int32Array, owners: number, include: (i: number) => boolean = () => true): TGroups {
  const start = new Int32Array(owners + 1);
  for (let i = 0; i < owner.length; i++) if (include(i)) start[owner[i]! + 1]! += 1;
  for (let o = 0; o < owners; o++) start[o + 1]! += start[o]!;
  const fill = start.slice(0, owners);
  const items = new Int32Array(start[owners]!);
  for (let i = 0; i < owner.length; i++) if (include(i)) items[fill[owner[i]!]!++] = i;
  return { start, items };
}

export const ASSIGNMENT = { completed: 0, submitted: 1, rejected: 2, assigned: 3, expired: 4, cancelled: 5 } as const;
export const TASK_STATUS = ['available', 'pending', 'assigned', 'submitted', 'completed'] as const;
/** Tasks done by several workers: this many slots (at least the 10 approvals the median needs), one older task in MULTI_SLOT_SHARE. */
export const MULTI_SLOT_MIN = 10;
export const MULTI_SLOT_MAX = 20;
const MULTI_SLOT_SHARE = 0.01;
export const WITHDRAWAL = { pending: 0, approved: 1, rejected: 2 } as const;
export const REQUEST = { pending: 0, approved: 1, rejected: 2 } as const;
export const VERIFICATION = { pending: 0, approved: 1, rejected: 2 } as const;
/** The currencies withdrawals are drawn from (0x addresses made per worker, a fixed bech32 for BTC), with weights. */
export const SEED_CURRENCIES = [
  { code: 'USDT', weight: 0.5 },
  { code: 'ETH', weight: 0.15 },
  { code: 'BTC', weight: 0.15 },
  { code: 'BNB', weight: 0.1 },
  { code: 'MATIC', weight: 0.1 },
] as const;
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

export interface TPlan {
  volumes: TVolumes;
  now: number;
  /** Admins the seed adds (reviewers, authors of adjustments); index into adminIds. */
  adminIds: string[];
  adminNames: { first: string; last: string; email: string }[];
  workers: { ids: string[]; first: string[]; last: string[]; email: string[]; registeredAt: Float64Array; active: Uint8Array; verified: Uint8Array; referral: Int32Array };
  tasks: { ids: string[]; createdAt: Float64Array; reward: Int32Array; catalogue: Int32Array; status: Uint8Array; timeLimit: Int32Array; requiresApproval: Uint8Array; sortOrder: Int32Array; slots: Int32Array };
  assignments: {
    ids: string[];
    task: Int32Array;
    user: Int32Array;
    status: Uint8Array;
    assignedAt: Float64Array;
    submittedAt: Float64Array;
    /** completed_at, rejected_at or cancelled_at by status; NaN for a live assigned one. */
    doneAt: Float64Array;
    /** Admin index of the reviewer or canceller; -1 for an automatic approval or a time-limit release. */
    admin: Int8Array;
    reason: Uint8Array;
  };
  requests: { ids: string[]; task: Int32Array; user: Int32Array; status: Uint8Array; requestedAt: Float64Array; decidedAt: Float64Array; admin: Int8Array };
  withdrawals: { ids: string[]; user: Int32Array; amount: Int32Array; currency: Uint8Array; status: Uint8Array; createdAt: Float64Array; reviewedAt: Float64Array; admin: Int8Array; reason: Uint8Array };
  /** Admin adjustments (fundings before a hold that would overdraw, then bonuses): credits only. */
  adjustments: { ids: string[]; user: Int32Array; at: Float64Array; amount: Int32Array; admin: Int8Array; reason: Uint8Array };
  verifications: { ids: string[]; user: Int32Array; status: Uint8Array; submittedAt: Float64Array; reviewedAt: Float64Array; admin: Int8Array };
  support: { ids: string[]; user: Int32Array; messages: Int32Array; firstAt: Float64Array; admin: Int8Array };
  /** The ledger's entries other than adjustments, per worker (rewards, holds, decisions), and the adjustments. */
  byUser: { completed: TGroups; withdrawals: TGroups; adjustments: TGroups };
  referralCodes: string[];
  landingPageOf: Int32Array;
}

export function walletAddress(currency: string, workerId: string): string {
  if (currency === 'BTC') return BTC_ADDRESS;
  return `0x${createHash('sha1').update(`${currency}:${workerId}`).digest('hex')}`;
}
export function networkFee(currency: string): string {
  return CURRENCIES.find((c) => c.value === currency)?.networkFee ?? '0';
}

function pickIndex(weights: readonly { weight: number }[], r: number): number {
  let acc = 0;
  for (let i = 0; i < weights.length; i++) {
    acc += weights[i]!.weight;
    if (r < acc) return i;
  }
  return weights.length - 1;
}

/**
 * Builds the plan. The ledger's count is exact: first the rewards, holds and decisions are simulated per worker to
 * find the holds that would overdraw (each gets a funding adjustment just before it), then bonuses make up the rest.
 */
export function buildPlan(scale: number, seed = 25): TPlan {
  const v = volumesAt(scale);
  const rnd = seededRandom(seed);
  const now = Math.floor(Date.now() / 1000) * 1000 - HOUR;
  const origin = now - 730 * DAY;
  const W = v.workers;
  const between = (from: number, to: number) => Math.round(from + rnd() * Math.max(0, to - from));
  /** Older workers are more active: index 0 registered first. */
  const pickWorker = () => Math.min(W - 1, Math.floor(W * Math.pow(rnd(), 1.6)));

  const adminNames = [
    { first: 'Review', last: 'Desk One', email: 'review1@platform.local' },
    { first: 'Review', last: 'Desk Two', email: 'review2@platform.local' },
    { first: 'Payments', last: 'Desk', email: 'payments@platform.local' },
  ];
  const adminIds = adminNames.map(() => randomUUID());
  const pickAdmin = () => Math.floor(rnd() * adminIds.length);

  const workers: TPlan['workers'] = { ids: [], first: [], last: [], email: [], registeredAt: new Float64Array(W), active: new Uint8Array(W), verified: new Uint8Array(W), referral: new Int32Array(W).fill(-1) };
  const { FIRST_NAMES, LAST_NAMES, EMAIL_DOMAINS } = TEXTS;
  for (let i = 0; i < W; i++) {
    const first = FIRST_NAMES[Math.floor(rnd() * FIRST_NAMES.length)]!;
    const last = LAST_NAMES[Math.floor(rnd() * LAST_NAMES.length)]!;
    workers.ids.push(randomUUID());
    workers.first.push(first);
    workers.last.push(last);
    workers.email.push(`${first}.${last}.${i + 1}@${EMAIL_DOMAINS[i % EMAIL_DOMAINS.length]}`.toLowerCase());
    workers.registeredAt[i] = Math.round(origin + ((now - 3 * DAY - origin) * i) / W + rnd() * MINUTE);
    workers.active[i] = rnd() < 0.995 ? 1 : 0;
  }

  // Tasks and their slots: one each, but for some older ones done by several workers.
  const T = v.tasks;
  const tasks: TPlan['tasks'] = {
    ids: [],
    createdAt: new Float64Array(T),
    reward: new Int32Array(T),
    catalogue: new Int32Array(T),
    status: new Uint8Array(T),
    timeLimit: new Int32Array(T),
    requiresApproval: new Uint8Array(T),
    sortOrder: new Int32Array(T),
    slots: new Int32Array(T).fill(1),
  };
  const A = v.assignments;
  const asg: TPlan['assignments'] = {
    ids: [],
    task: new Int32Array(A),
    user: new Int32Array(A),
    status: new Uint8Array(A),
    assignedAt: new Float64Array(A),
    submittedAt: new Float64Array(A).fill(Number.NaN),
    doneAt: new Float64Array(A).fill(Number.NaN),
    admin: new Int8Array(A).fill(-1),
    reason: new Uint8Array(A),
  };
  let a = 0;
  let multiSlotTasks = 0;
  const pendingTasks: number[] = [];
  for (let t = 0; t < T && a < A; t++) {
    tasks.ids.push(randomUUID());
    const entry = Math.floor(rnd() * DEV_TASKS.length);
    const base = Math.round(Number(DEV_TASKS[entry]!.reward) * 100);
    tasks.catalogue[t] = entry;
    tasks.reward[t] = Math.max(10, Math.round(base * (0.6 + rnd() * 0.8)));
    tasks.timeLimit[t] = DEV_TASKS[entry]!.timeLimitMinutes ?? 0;
    tasks.requiresApproval[t] = DEV_TASKS[entry]!.requiresApproval ? 1 : 0;
    tasks.sortOrder[t] = rnd() < 0.02 ? 0 : 10;
    tasks.createdAt[t] = Math.round(origin + ((now - origin) * t) / T);
    const r = rnd();
    const recent = tasks.createdAt[t]! > now - 4 * DAY;
    // Recent tasks are still open; older ones were mostly done.
    const kind = recent ? (r < 0.4 ? 'available' : r < 0.75 ? 'submitted' : r < 0.85 ? 'assigned' : r < 0.93 ? 'pending' : 'rejected') : r < 0.86 ? 'completed' : r < 0.9 ? 'submitted' : r < 0.92 ? 'rejected' : r < 0.94 ? 'pending' : 'available';
    if (kind === 'available' || kind === 'pending') {
      tasks.status[t] = TASK_STATUS.indexOf(kind);
      if (kind === 'pending') pendingTasks.push(t);
      continue;
    }
    // Done by several workers (the first such task always, then one in MULTI_SLOT_SHARE): each in about the estimated
    // time or less, at the catalogue's reward, so the median pays at least the catalogue's rate (never under the floor).
    if (kind === 'completed' && W >= MULTI_SLOT_MAX && a + MULTI_SLOT_MAX <= A && (multiSlotTasks === 0 || rnd() < MULTI_SLOT_SHARE)) {
      const slots = MULTI_SLOT_MIN + Math.floor(rnd() * (MULTI_SLOT_MAX - MULTI_SLOT_MIN + 1));
      const estimate = DEV_TASKS[entry]!.estimatedMinutes;
      tasks.slots[t] = slots;
      tasks.reward[t] = base;
      tasks.status[t] = TASK_STATUS.indexOf('completed');
      const first = pickWorker();
      for (let k = 0; k < slots; k++, a++) {
        const u = (first + k) % W;
        asg.ids.push(randomUUID());
        asg.task[a] = t;
        asg.user[a] = u;
        asg.status[a] = ASSIGNMENT.completed;
        asg.assignedAt[a] = between(Math.max(tasks.createdAt[t]!, workers.registeredAt[u]!), now - 5 * DAY);
        asg.submittedAt[a] = asg.assignedAt[a]! + Math.round(estimate * (0.5 + rnd() * 0.5) * MINUTE);
        asg.doneAt[a] = asg.submittedAt[a]! + Math.round((1 + rnd() * 70) * HOUR);
        asg.admin[a] = rnd() < 0.85 ? pickAdmin() : -1;
      }
      multiSlotTasks += 1;
      continue;
    }
    const u = pickWorker();
    const from = Math.max(tasks.createdAt[t]!, workers.registeredAt[u]!);
    asg.ids.push(randomUUID());
    asg.task[a] = t;
    asg.user[a] = u;
    if (kind === 'completed') {
      asg.status[a] = ASSIGNMENT.completed;
      asg.assignedAt[a] = between(from, now - 5 * DAY);
      asg.submittedAt[a] = asg.assignedAt[a]! + Math.round((10 + rnd() * 200) * MINUTE);
      asg.doneAt[a] = asg.submittedAt[a]! + Math.round((1 + rnd() * 70) * HOUR);
      asg.admin[a] = rnd() < 0.85 ? pickAdmin() : -1;
      tasks.status[t] = TASK_STATUS.indexOf('completed');
    } else if (kind === 'submitted') {
      // Within the auto-approval window (3 days): the job must not approve the whole queue on the seeded stack.
      asg.submittedAt[a] = between(Math.max(from, now - 2.5 * DAY), now - MINUTE);
      asg.assignedAt[a] = Math.max(from, asg.submittedAt[a]! - Math.round((10 + rnd() * 100) * MINUTE));
      tasks.status[t] = TASK_STATUS.indexOf('submitted');
    } else if (kind === 'rejected') {
      asg.status[a] = ASSIGNMENT.rejected;
      asg.submittedAt[a] = between(Math.max(from, now - 20 * DAY), now - 2 * HOUR);
      asg.assignedAt[a] = Math.max(from, asg.submittedAt[a]! - Math.round((10 + rnd() * 100) * MINUTE));
      asg.doneAt[a] = asg.submittedAt[a]! + Math.round(rnd() * HOUR);
      asg.admin[a] = pickAdmin();
      asg.reason[a] = Math.floor(rnd() * TEXTS.REJECTION_REASONS.length);
      tasks.status[t] = TASK_STATUS.indexOf('assigned');
    } else {
      asg.status[a] = ASSIGNMENT.assigned;
      // Taken in the last hours: the time-limit job must not release them all at once.
      asg.assignedAt[a] = between(Math.max(from, now - 10 * HOUR), now - MINUTE);
      tasks.status[t] = TASK_STATUS.indexOf('assigned');
    }
    if (kind === 'submitted') asg.status[a] = ASSIGNMENT.submitted;
    a += 1;
  }
  for (let t = tasks.ids.length; t < T; t++) {
    // Only when the assignments ran out before the tasks (tiny scales).
    tasks.ids.push(randomUUID());
    tasks.createdAt[t] = now - DAY;
    tasks.reward[t] = 100;
  }
  // The rest of the assignments: cancelled (released by the time limit, or by an admin, half of those after a submission).
  for (; a < A; a++) {
    const t = Math.floor(rnd() * T);
    const u = pickWorker();
    asg.ids.push(randomUUID());
    asg.task[a] = t;
    asg.user[a] = u;
    const from = Math.max(tasks.createdAt[t]!, workers.registeredAt[u]!);
    asg.assignedAt[a] = between(from, now - DAY);
    if (rnd() < 0.75) {
      asg.status[a] = ASSIGNMENT.expired;
      asg.doneAt[a] = asg.assignedAt[a]! + (tasks.timeLimit[t]! || 24 * 60) * MINUTE;
    } else {
      asg.status[a] = ASSIGNMENT.cancelled;
      if (rnd() < 0.5) asg.submittedAt[a] = asg.assignedAt[a]! + Math.round((10 + rnd() * 100) * MINUTE);
      asg.doneAt[a] = (Number.isNaN(asg.submittedAt[a]!) ? asg.assignedAt[a]! : asg.submittedAt[a]!) + Math.round((1 + rnd() * 20) * HOUR);
      asg.admin[a] = pickAdmin();
      asg.reason[a] = Math.floor(rnd() * TEXTS.CANCELLATION_REASONS.length);
    }
  }

  // Task requests: the pending one of each pending task, and decided ones before.
  const R = Math.max(v.taskRequests, pendingTasks.length);
  const req: TPlan['requests'] = { ids: [], task: new Int32Array(R), user: new Int32Array(R), status: new Uint8Array(R), requestedAt: new Float64Array(R), decidedAt: new Float64Array(R).fill(Number.NaN), admin: new Int8Array(R).fill(-1) };
  for (let k = 0; k < R; k++) {
    req.ids.push(randomUUID());
    const u = pickWorker();
    req.user[k] = u;
    if (k < pendingTasks.length) {
      const t = pendingTasks[k]!;
      req.task[k] = t;
      req.status[k] = REQUEST.pending;
      req.requestedAt[k] = between(Math.max(tasks.createdAt[t]!, workers.registeredAt[u]!, now - 3 * DAY), now - MINUTE);
    } else {
      const t = Math.floor(rnd() * T);
      req.task[k] = t;
      req.status[k] = rnd() < 0.4 ? REQUEST.approved : REQUEST.rejected;
      req.requestedAt[k] = between(Math.max(tasks.createdAt[t]!, workers.registeredAt[u]!), now - DAY);
      req.decidedAt[k] = req.requestedAt[k]! + Math.round((1 + rnd() * 20) * HOUR);
      req.admin[k] = pickAdmin();
    }
  }

  // Withdrawals: the pending ones are recent (the queue of the last days), the decided ones spread over the years.
  const WD = v.withdrawals;
  const wd: TPlan['withdrawals'] = { ids: [], user: new Int32Array(WD), amount: new Int32Array(WD), currency: new Uint8Array(WD), status: new Uint8Array(WD), createdAt: new Float64Array(WD), reviewedAt: new Float64Array(WD).fill(Number.NaN), admin: new Int8Array(WD).fill(-1), reason: new Uint8Array(WD) };
  for (let k = 0; k < WD; k++) {
    wd.ids.push(randomUUID());
    const u = pickWorker();
    wd.user[k] = u;
    wd.amount[k] = Math.round((20 + Math.pow(rnd(), 2) * 480) * 100);
    wd.currency[k] = pickIndex(SEED_CURRENCIES, rnd());
    if (k < v.pendingWithdrawals) {
      wd.status[k] = WITHDRAWAL.pending;
      wd.createdAt[k] = between(Math.max(workers.registeredAt[u]!, now - 10 * DAY), now - MINUTE);
    } else {
      wd.status[k] = rnd() < 0.88 ? WITHDRAWAL.approved : WITHDRAWAL.rejected;
      wd.createdAt[k] = between(workers.registeredAt[u]!, now - 4 * DAY);
      wd.reviewedAt[k] = wd.createdAt[k]! + Math.round((1 + rnd() * 70) * HOUR);
      wd.admin[k] = pickAdmin();
      wd.reason[k] = Math.floor(rnd() * TEXTS.WITHDRAWAL_REJECTIONS.length);
    }
  }

  const completed = groupBy(asg.user, W, (i) => asg.status[i] === ASSIGNMENT.completed);
  const withdrawalsByUser = groupBy(wd.user, W);

  // Pass 1: which holds would overdraw without a credit before them.
  const adjUser: number[] = [];
  const adjAt: number[] = [];
  const adjAmount: number[] = [];
  for (let u = 0; u < W; u++) {
    const events = userEvents(u, { completed, withdrawals: withdrawalsByUser, adjustments: undefined }, asg, tasks, wd, undefined);
    let available = 0;
    for (const e of events) {
      if (e.kind === 'withdrawal_hold' && available + e.amount < 0) {
        const funding = -(available + e.amount) + Math.round(rnd() * 50) * 100;
        adjUser.push(u);
        adjAt.push(e.at - MINUTE);
        adjAmount.push(funding);
        available += funding;
      }
      if (e.kind !== 'withdrawal_payout') available += e.kind === 'withdrawal_release' || e.kind === 'withdrawal_hold' || e.kind === 'task_reward' ? e.amount : 0;
    }
  }
  const decided = wd.status.reduce((n, s) => n + (s === WITHDRAWAL.pending ? 0 : 1), 0);
  const others = completed.items.length + WD + decided;
  const bonuses = Math.max(0, v.ledgerEntries - others - adjUser.length);
  const fundings = adjUser.length;
  for (let k = 0; k < bonuses; k++) {
    const u = pickWorker();
    adjUser.push(u);
    adjAt.push(between(workers.registeredAt[u]! + HOUR, now - HOUR));
    adjAmount.push(Math.round((1 + rnd() * 19) * 100));
  }
  const ADJ = adjUser.length;
  const adj: TPlan['adjustments'] = {
    ids: Array.from({ length: ADJ }, () => randomUUID()),
    user: Int32Array.from(adjUser),
    at: Float64Array.from(adjAt),
    amount: Int32Array.from(adjAmount),
    admin: Int8Array.from({ length: ADJ }, () => pickAdmin()),
    reason: Uint8Array.from({ length: ADJ }, (_, k) => (k < fundings ? 4 : Math.floor(rnd() * TEXTS.ADJUSTMENT_REASONS.length))),
  };

  // Verifications: distinct workers (a stride coprime with the worker count), the newest few pending.
  const V = Math.min(v.verifications, W);
  const ver: TPlan['verifications'] = { ids: [], user: new Int32Array(V), status: new Uint8Array(V), submittedAt: new Float64Array(V), reviewedAt: new Float64Array(V).fill(Number.NaN), admin: new Int8Array(V).fill(-1) };
  for (let k = 0; k < V; k++) {
    ver.ids.push(randomUUID());
    const u = (k * 7919) % W;
    ver.user[k] = u;
    if (k >= V - Math.max(1, Math.round(V * 0.05))) {
      ver.status[k] = VERIFICATION.pending;
      ver.submittedAt[k] = between(Math.max(workers.registeredAt[u]!, now - 5 * DAY), now - MINUTE);
    } else {
      ver.status[k] = rnd() < 0.85 ? VERIFICATION.approved : VERIFICATION.rejected;
      ver.submittedAt[k] = between(workers.registeredAt[u]!, now - 2 * DAY);
      ver.reviewedAt[k] = ver.submittedAt[k]! + Math.round((1 + rnd() * 30) * HOUR);
      ver.admin[k] = pickAdmin();
      if (ver.status[k] === VERIFICATION.approved) workers.verified[u] = 1;
    }
  }

  // Support conversations: distinct workers; their messages are part of the chat's volume.
  const S = Math.min(v.supportConversations, W);
  const support: TPlan['support'] = { ids: [], user: new Int32Array(S), messages: new Int32Array(S), firstAt: new Float64Array(S), admin: new Int8Array(S) };
  for (let k = 0; k < S; k++) {
    support.ids.push(randomUUID());
    support.user[k] = (k * 104_729) % W;
    support.messages[k] = 2 + Math.floor(rnd() * 13);
    support.firstAt[k] = between(Math.max(workers.registeredAt[support.user[k]!]!, now - 80 * DAY), now - DAY);
    support.admin[k] = pickAdmin();
  }

  // Referral links: codes, each on a landing page; a fifth of the workers came through one.
  const referralCodes = Array.from({ length: v.referralLinks }, (_, k) => `${['tg', 'yt', 'vk', 'fb', 'ig', 'blog'][k % 6]}${(k + 1).toString(36)}${Math.floor(rnd() * 1e6).toString(36)}`);
  const landingPageOf = Int32Array.from({ length: v.referralLinks }, () => Math.floor(rnd() * v.landingPages));
  for (let i = 0; i < W; i++) if (rnd() < 0.2) workers.referral[i] = Math.floor(rnd() * v.referralLinks);

  return {
    volumes: v,
    now,
    adminIds,
    adminNames,
    workers,
    tasks,
    assignments: asg,
    requests: req,
    withdrawals: wd,
    adjustments: adj,
    verifications: ver,
    support,
    byUser: { completed, withdrawals: withdrawalsByUser, adjustments: groupBy(adj.user, W) },
    referralCodes,
    landingPageOf,
  };
}

export interface TUserEvent {
  at: number;
  /** Ties at the same moment keep this order. */
  order: number;
  kind: 'task_reward' | 'withdrawal_hold' | 'withdrawal_payout' | 'withdrawal_release' | 'admin_adjustment';
  /** Signed cents, as the ledger's effectOf reads it. */
  amount: number;
  /** Index into the plan's assignments, withdrawals or adjustments. */
  index: number;
}

/** A worker's ledger postings in time order. */
export function userEvents(
  u: number,
  groups: { completed: TGroups; withdrawals: TGroups; adjustments: TGroups | undefined },
  asg: TPlan['assignments'],
  tasks: TPlan['tasks'],
  wd: TPlan['withdrawals'],
  adj: TPlan['adjustments'] | undefined,
): TUserEvent[] {
  const events: TUserEvent[] = [];
  for (let k = groups.completed.start[u]!; k < groups.completed.start[u + 1]!; k++) {
    const i = groups.completed.items[k]!;
    events.push({ at: asg.doneAt[i]!, order: 1, kind: 'task_reward', amount: tasks.reward[asg.task[i]!]!, index: i });
  }
  for (let k = groups.withdrawals.start[u]!; k < groups.withdrawals.start[u + 1]!; k++) {
    const i = groups.withdrawals.items[k]!;
    events.push({ at: wd.createdAt[i]!, order: 2, kind: 'withdrawal_hold', amount: -wd.amount[i]!, index: i });
    if (wd.status[i] === WITHDRAWAL.approved) events.push({ at: wd.reviewedAt[i]!, order: 3, kind: 'withdrawal_payout', amount: -wd.amount[i]!, index: i });
    if (wd.status[i] === WITHDRAWAL.rejected) events.push({ at: wd.reviewedAt[i]!, order: 3, kind: 'withdrawal_release', amount: wd.amount[i]!, index: i });
  }
  if (groups.adjustments && adj) {
    for (let k = groups.adjustments.start[u]!; k < groups.adjustments.start[u + 1]!; k++) {
      const i = groups.adjustments.items[k]!;
      events.push({ at: adj.at[i]!, order: 0, kind: 'admin_adjustment', amount: adj.amount[i]!, index: i });
    }
  }
  return events.sort((x, y) => x.at - y.at || x.order - y.order || x.index - y.index);
}

