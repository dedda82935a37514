/**
 * The model of one active worker's day for bench/day.bench.ts: which action follows which, and how long the worker
 * thinks (reads, works, looks) after each one. Think times are exponential with the stated means; a worker's next
 * action is scheduled from the previous one's *scheduled* time plus the think time (the model's clock), never from
 * when the answer came, so a slow answer shows as latency of the next action instead of slowing the load down.
 */

/** A worker's actions through the gateway (and its chat socket). */
export const WORKER_ACTIONS = ['browse tasks', 'take task', 'submit (image)', 'balance', 'statement', 'withdraw', 'chat send'] as const;
export type TWorkerAction = (typeof WORKER_ACTIONS)[number];
/** The admins' actions. */
export const ADMIN_ACTIONS = ['admin: list submissions', 'admin: approve', 'admin: reject', 'admin: list withdrawals', 'admin: decide withdrawal'] as const;
export type TAdminAction = (typeof ADMIN_ACTIONS)[number];
export type TAction = TWorkerAction | TAdminAction;

/** The cycle of a worker, in order, with the mean think time after each action (seconds). */
export const CYCLE: { action: Exclude<TWorkerAction, 'chat send' | 'withdraw'>; thinkMeanS: number; what: string }[] = [
  { action: 'browse tasks', thinkMeanS: 4, what: 'GET /api/tasks, then reads the board' },
  { action: 'take task', thinkMeanS: 20, what: 'POST /api/tasks/{id}/take of a task not done yet, then does the task' },
  { action: 'submit (image)', thinkMeanS: 3, what: 'POST /api/tasks/{id}/submit, multipart: text and one PNG as the app sends it' },
  { action: 'balance', thinkMeanS: 3, what: 'GET /api/ledger/balance' },
  { action: 'statement', thinkMeanS: 10, what: 'GET /api/ledger/statement (first page)' },
];
/** After the statement, this share of cycles withdraws (then thinks WITHDRAW_THINK_MEAN_S) before browsing again. */
export const WITHDRAW_SHARE = 0.1;
export const WITHDRAW_THINK_MEAN_S = 4;
/** Each worker also posts in the general room, independently of the cycle: one message per this many seconds on average. */
export const CHAT_MEAN_INTERVAL_S = Number(process.env.BENCH_DAY_CHAT_EVERY_S ?? 300);

/** Mean length of one cycle (s) and the HTTP requests it makes. */
export function cycleFigures(): { seconds: number; requests: number } {
  const seconds = CYCLE.reduce((sum, c) => sum + c.thinkMeanS, 0) + WITHDRAW_SHARE * WITHDRAW_THINK_MEAN_S;
  return { seconds, requests: CYCLE.length + WITHDRAW_SHARE };
}

/** What one active worker asks of the platform per second at the stated mix. */
export function workerRates(): { http: number; chat: number; total: number; perAction: Record<TWorkerAction, number> } {
  const { seconds, requests } = cycleFigures();
  const perCycle = 1 / seconds;
  const perAction = Object.fromEntries(CYCLE.map((c) => [c.action, perCycle])) as Record<TWorkerAction, number>;
  perAction.withdraw = perCycle * WITHDRAW_SHARE;
  perAction['chat send'] = 1 / CHAT_MEAN_INTERVAL_S;
  return { http: requests / seconds, chat: 1 / CHAT_MEAN_INTERVAL_S, total: requests / seconds + 1 / CHAT_MEAN_INTERVAL_S, perAction };
}

/** An exponential think time (ms) with the given mean (s); `random` in [0, 1). */
export function thinkMs(meanS: number, random: () => number = Math.random): number {
  return -Math.log(1 - random()) * meanS * 1000;
}

/** The mean think time after an action of the cycle (s). */
export function thinkMeanAfter(action: TWorkerAction): number {
  if (action === 'withdraw') return WITHDRAW_THINK_MEAN_S;
  if (action === 'chat send') return CHAT_MEAN_INTERVAL_S;
  return CYCLE.find((c) => c.action === action)!.thinkMeanS;
}

/**
 * The action after `action`: the cycle's next one, except that a browse that found no task to take goes to the
 * balance, a failed take browses again, and after the statement WITHDRAW_SHARE of the cycles withdraw.
 */
export function nextAction(action: TWorkerAction, outcome: { ok: boolean; foundTask?: boolean }, random: () => number = Math.random): TWorkerAction {
  switch (action) {
    case 'browse tasks':
      return outcome.ok && outcome.foundTask ? 'take task' : 'balance';
    case 'take task':
      return outcome.ok ? 'submit (image)' : 'browse tasks';
    case 'submit (image)':
      return 'balance';
    case 'balance':
      return 'statement';
    case 'statement':
      return random() < WITHDRAW_SHARE ? 'withdraw' : 'browse tasks';
    default:
      return 'browse tasks';
  }
}

/** The model in words, for the results' header. */
export function modelLines(): string[] {
  const { seconds, requests } = cycleFigures();
  const rates = workerRates();
  return [
    'Model of one active worker (a state machine; think times exponential, means stated; each action scheduled from the previous one\'s scheduled time):',
    ...CYCLE.map((c) => `  ${c.action.padEnd(15)} ${c.what}; think ${c.thinkMeanS} s`),
    `  withdraw        after the statement in ${WITHDRAW_SHARE * 100}% of cycles: POST /api/withdrawals of 50.00 BTC with an Idempotency-Key; think ${WITHDRAW_THINK_MEAN_S} s`,
    `  chat send       independently, one chat_message frame in the general room per ${CHAT_MEAN_INTERVAL_S} s on average, on the worker's own socket (held open all along, pinged every 25 s as the app does)`,
    `  one cycle: ${seconds.toFixed(1)} s and ${requests.toFixed(1)} HTTP requests on average.`,
    `One ACTIVE WORKER = ${rates.total.toFixed(3)} requests per second: ${rates.http.toFixed(3)} HTTP + ${rates.chat.toFixed(4)} chat messages, each delivered to every socket in the room,`,
    `  plus one open WebSocket; N workers = ${(rates.total).toFixed(3)} x N requests/s and ${rates.chat.toFixed(4)} x N x N chat deliveries/s.`,
  ];
}
