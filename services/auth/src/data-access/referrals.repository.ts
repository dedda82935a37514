import type { TLandingContent, TLandingPagesQuery, TPage, TReferralLinksQuery } from '@platform/contracts';
import { countCapped, cursorTimeSql, decodeCursor, likeContains, searchedFirst, SqlConditions, toPage, ZTimeIdCursorKeySchema, type Queryable } from '@platform/service-kit';

/* ---- Landing pages ---- */

export interface TLandingPageRecord {
  id: string;
  name: string;
  displayName: string;
  description: string | null;
  content: TLandingContent;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

interface TLandingPageRow {
  id: string;
  name: string;
  display_name: string;
  description: string | null;
  content: TLandingContent | null;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

const LANDING_COLUMNS = 'id, name, display_name, description, content, is_active, created_at, updated_at';

function toLandingPage(row: TLandingPageRow): TLandingPageRecord {
  return {
    id: row.id,
    name: row.name,
    displayName: row.display_name,
    description: row.description,
    content: row.content ?? {},
    isActive: row.is_active,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Every active landing page (a link's picker: a handful, written by admins), oldest first; the built-in ones, made together, by name. */
export async function listActiveLandingPages(db: Queryable): Promise<TLandingPageRecord[]> {
  const { rows } = await db.query<TLandingPageRow>(`SELECT ${LANDING_COLUMNS} FROM landing_pages WHERE is_active ORDER BY created_at, name`);
  return rows.map(toLandingPage);
}

const LANDING_LIST = 'landing-pages.admin';

/**
 * One page of the landing pages for admins, oldest first (the built-in ones on top): keyset on (created_at, id)
 * after the cursor; search is part of the name or the display name (trigrams, landing_pages_search_idx), active the
 * flag; migration 0008.
 */
export async function listLandingPagesPage(db: Queryable, q: TLandingPagesQuery): Promise<TPage<TLandingPageRecord>> {
  const after = decodeCursor(q.cursor, LANDING_LIST, ZTimeIdCursorKeySchema);
  const filters = new SqlConditions();
  if (q.active) filters.add('is_active = ?', q.active === 'true');
  if (q.search) filters.add(`lower(name || ' ' || display_name) LIKE ?`, likeContains(q.search));
  const count = countCapped(db, 'landing_pages', filters.where(), filters.values);
  const page = new SqlConditions();
  page.values.push(...filters.values);
  const keyset = after ? `(created_at, id) > ($${page.values.push(after[0])}, $${page.values.push(after[1])})` : undefined;
  const limit = page.param(q.pageSize + 1);
  const { rows } = await db.query<TLandingPageRow & { sort_key: string }>(
    `SELECT ${LANDING_COLUMNS}, ${cursorTimeSql('created_at')} AS sort_key FROM ${searchedFirst('landing_pages', 'lp', q.search, filters, keyset)}
     ORDER BY created_at, id LIMIT ${limit}`,
    page.values,
  );
  return toPage(rows, q.pageSize, LANDING_LIST, (row) => [row.sort_key, row.id], toLandingPage, await count);
}

export async function findLandingPageById(db: Queryable, id: string): Promise<TLandingPageRecord | undefined> {
  const { rows } = await db.query<TLandingPageRow>(`SELECT ${LANDING_COLUMNS} FROM landing_pages WHERE id = $1`, [id]);
  return rows[0] ? toLandingPage(rows[0]) : undefined;
}

export async function findLandingPageByName(db: Queryable, name: string): Promise<TLandingPageRecord | undefined> {
  const { rows } = await db.query<TLandingPageRow>(`SELECT ${LANDING_COLUMNS} FROM landing_pages WHERE lower(name) = lower($1)`, [name]);
  return rows[0] ? toLandingPage(rows[0]) : undefined;
}

/** Undefined when the name is taken. */
export async function insertLandingPage(
  db: Queryable,
  input: { name: string; displayName: string; description: string | null; content: TLandingContent; isActive: boolean },
): Promise<TLandingPageRecord | undefined> {
  const { rows } = await db.query<TLandingPageRow>(
    `INSERT INTO landing_pages (name, display_name, description, content, is_active) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT DO NOTHING RETURNING ${LANDING_COLUMNS}`,
    [input.name, input.displayName, input.description, JSON.stringify(input.content), input.isActive],
  );
  return rows[0] ? toLandingPage(rows[0]) : undefined;
}

export async function updateLandingPage(
  db: Queryable,
  id: string,
  changes: { displayName?: string; description?: string | null; content?: TLandingContent; isActive?: boolean },
): Promise<TLandingPageRecord | undefined> {
  const { rows } = await db.query<TLandingPageRow>(
    `UPDATE landing_pages SET
       display_name = COALESCE($2, display_name),
       description = CASE WHEN $3::boolean THEN $4 ELSE description END,
       content = COALESCE($5::jsonb, content),
       is_active = COALESCE($6, is_active),
       updated_at = now()
     WHERE id = $1 RETURNING ${LANDING_COLUMNS}`,
    [
      id,
      changes.displayName ?? null,
      changes.description !== undefined,
      changes.description ?? null,
      changes.content ? JSON.stringify(changes.content) : null,
      changes.isActive ?? null,
    ],
  );
  return rows[0] ? toLandingPage(rows[0]) : undefined;
}

/* ---- Referral links ---- */

export interface TReferralLinkRecord {
  id: string;
  code: string;
  name: string;
  description: string | null;
  landingPageId: string;
  landingPage: { name: string; displayName: string };
  isActive: boolean;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface TReferralLinkFunnel {
  totalClicks: number;
  rawClicks: number;
  totalRegistrations: number;
  firstTaskCount: number;
  paidCount: number;
}

interface TReferralLinkRow {
  id: string;
  code: string;
  name: string;
  description: string | null;
  landing_page_id: string;
  landing_name: string;
  landing_display_name: string;
  is_active: boolean;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

const LINK_SELECT_COLUMNS = `SELECT l.id, l.code, l.name, l.description, l.landing_page_id, p.name AS landing_name,
  p.display_name AS landing_display_name, l.is_active, l.created_by, l.created_at, l.updated_at`;
const LINK_SELECT = `${LINK_SELECT_COLUMNS} FROM referral_links l JOIN landing_pages p ON p.id = l.landing_page_id`;

function toLink(row: TReferralLinkRow): TReferralLinkRecord {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    landingPageId: row.landing_page_id,
    landingPage: { name: row.landing_name, displayName: row.landing_display_name },
    isActive: row.is_active,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The funnel of the given links only (their clicks, per-day counts and registrations, each read by the link's index). */
async function funnelsOf(db: Queryable, ids: string[]): Promise<Map<string, TReferralLinkFunnel>> {
  const funnels = new Map<string, TReferralLinkFunnel>();
  if (ids.length === 0) return funnels;
  const { rows } = await db.query<{ id: string; total_clicks: number; raw_clicks: number; registrations: number; first_task: number; paid: number }>(
    `SELECT x.id,
       (SELECT count(*) FROM referral_clicks c WHERE c.referral_link_id = x.id AND c.counted)::int
         + COALESCE((SELECT sum(d.counted_clicks) FROM referral_click_days d WHERE d.referral_link_id = x.id), 0)::int AS total_clicks,
       (SELECT count(*) FROM referral_clicks c WHERE c.referral_link_id = x.id)::int AS raw_clicks,
       r.registrations, r.first_task, r.paid
     FROM unnest($1::uuid[]) AS x(id)
     CROSS JOIN LATERAL (
       SELECT count(*)::int AS registrations, count(first_task_at)::int AS first_task, count(first_paid_at)::int AS paid
       FROM referral_registrations WHERE referral_link_id = x.id
     ) r`,
    [ids],
  );
  for (const row of rows) {
    funnels.set(row.id, {
      totalClicks: row.total_clicks,
      rawClicks: row.raw_clicks,
      totalRegistrations: row.registrations,
      firstTaskCount: row.first_task,
      paidCount: row.paid,
    });
  }
  return funnels;
}

const NO_FUNNEL: TReferralLinkFunnel = { totalClicks: 0, rawClicks: 0, totalRegistrations: 0, firstTaskCount: 0, paidCount: 0 };

const LINKS_LIST = 'referral-links.admin';

/**
 * One page of the referral links for admins, newest first: keyset on (created_at, id) descending after the cursor;
 * search is part of the code or the name (trigrams, referral_links_search_idx), active the flag; migration 0008.
 * Each link of the page with its funnel.
 */
export async function listReferralLinksPage(db: Queryable, q: TReferralLinksQuery): Promise<TPage<TReferralLinkRecord & TReferralLinkFunnel>> {
  const after = decodeCursor(q.cursor, LINKS_LIST, ZTimeIdCursorKeySchema);
  const filters = new SqlConditions();
  if (q.active) filters.add('l.is_active = ?', q.active === 'true');
  if (q.search) filters.add(`lower(l.code || ' ' || l.name) LIKE ?`, likeContains(q.search));
  const count = countCapped(db, 'referral_links l', filters.where(), filters.values);
  const page = new SqlConditions();
  page.values.push(...filters.values);
  const keyset = after ? `(l.created_at, l.id) < ($${page.values.push(after[0])}, $${page.values.push(after[1])})` : undefined;
  const limit = page.param(q.pageSize + 1);
  const { rows } = await db.query<TReferralLinkRow & { sort_key: string }>(
    `${LINK_SELECT_COLUMNS}, ${cursorTimeSql('l.created_at')} AS sort_key
     FROM ${searchedFirst('referral_links', 'l', q.search, filters, keyset)} JOIN landing_pages p ON p.id = l.landing_page_id
     ORDER BY l.created_at DESC, l.id DESC LIMIT ${limit}`,
    page.values,
  );
  const funnels = await funnelsOf(db, rows.slice(0, q.pageSize).map((r) => r.id));
  return toPage(rows, q.pageSize, LINKS_LIST, (row) => [row.sort_key, row.id], (row) => ({ ...toLink(row), ...(funnels.get(row.id) ?? NO_FUNNEL) }), await count);
}

/** One link with its funnel; undefined when there is none. */
export async function findReferralLinkWithFunnel(db: Queryable, id: string): Promise<(TReferralLinkRecord & TReferralLinkFunnel) | undefined> {
  const link = await findReferralLinkById(db, id);
  if (!link) return undefined;
  return { ...link, ...((await funnelsOf(db, [id])).get(id) ?? NO_FUNNEL) };
}

export async function findReferralLinkById(db: Queryable, id: string): Promise<TReferralLinkRecord | undefined> {
  const { rows } = await db.query<TReferralLinkRow>(`${LINK_SELECT} WHERE l.id = $1`, [id]);
  return rows[0] ? toLink(rows[0]) : undefined;
}

export async function findReferralLinkByCode(db: Queryable, code: string): Promise<TReferralLinkRecord | undefined> {
  const { rows } = await db.query<TReferralLinkRow>(`${LINK_SELECT} WHERE lower(l.code) = lower($1)`, [code]);
  return rows[0] ? toLink(rows[0]) : undefined;
}

/** Undefined when the code is taken (whatever its case). */
export async function insertReferralLink(
  db: Queryable,
  input: { code: string; name: string; description: string | null; landingPageId: string; isActive: boolean; createdBy: string },
): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO referral_links (code, name, description, landing_page_id, is_active, created_by)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING id`,
    [input.code, input.name, input.description, input.landingPageId, input.isActive, input.createdBy],
  );
  return rows[0]?.id;
}

export async function updateReferralLink(
  db: Queryable,
  id: string,
  changes: { name: string; description?: string | null; landingPageId?: string; isActive?: boolean },
): Promise<boolean> {
  const result = await db.query(
    `UPDATE referral_links SET
       name = $2,
       description = CASE WHEN $3::boolean THEN $4 ELSE description END,
       landing_page_id = COALESCE($5, landing_page_id),
       is_active = COALESCE($6, is_active),
       updated_at = now()
     WHERE id = $1`,
    [id, changes.name, changes.description !== undefined, changes.description ?? null, changes.landingPageId ?? null, changes.isActive ?? null],
  );
  return (result.rowCount ?? 0) > 0;
}

/** Deletes a link without registrations; a link with registrations is deactivated instead. */
export async function deleteOrDeactivateReferralLink(db: Queryable, id: string): Promise<'deleted' | 'deactivated' | 'missing'> {
  const { rows } = await db.query<{ outcome: 'deleted' | 'deactivated' }>(
    `WITH target AS (
       SELECT id, EXISTS (SELECT 1 FROM referral_registrations r WHERE r.referral_link_id = l.id) AS has_registrations
       FROM referral_links l WHERE id = $1 FOR UPDATE
     ), removed AS (
       DELETE FROM referral_links WHERE id IN (SELECT id FROM target WHERE NOT has_registrations) RETURNING id
     ), deactivated AS (
       UPDATE referral_links SET is_active = false, updated_at = now()
       WHERE id IN (SELECT id FROM target WHERE has_registrations) RETURNING id
     )
     SELECT 'deleted' AS outcome FROM removed UNION ALL SELECT 'deactivated' FROM deactivated`,
    [id],
  );
  return rows[0]?.outcome ?? 'missing';
}

/* ---- Clicks ---- */

/** Serialises the clicks of one address on one link (in the caller's transaction), so a burst counts once. */
export async function lockClickSlot(db: Queryable, linkId: string, ipAddress: string): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 16))', [`${linkId}|${ipAddress}`]);
}

export async function hasCountedClickSince(db: Queryable, linkId: string, ipAddress: string, windowMinutes: number): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM referral_clicks
     WHERE referral_link_id = $1 AND ip_address = $2 AND counted AND clicked_at > now() - make_interval(mins => $3) LIMIT 1`,
    [linkId, ipAddress, windowMinutes],
  );
  return rows.length > 0;
}

export async function insertClick(
  db: Queryable,
  input: { linkId: string; ipAddress: string; userAgent: string | null; referer: string | null; counted: boolean; ignoredReason: string | null },
): Promise<void> {
  await db.query(
    `INSERT INTO referral_clicks (referral_link_id, ip_address, user_agent, referer, counted, ignored_reason)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [input.linkId, input.ipAddress, input.userAgent, input.referer, input.counted, input.ignoredReason],
  );
}

/**
 * Folds raw clicks older than `retentionDays` into per-day counts and deletes them, up to `batchSize` at a time
 * (SKIP LOCKED: safe on several instances). Returns how many raw clicks were folded.
 */
export async function aggregateOldClicks(db: Queryable, retentionDays: number, batchSize: number): Promise<number> {
  const { rows } = await db.query<{ folded: number }>(
    `WITH old AS (
       SELECT id FROM referral_clicks WHERE clicked_at < now() - make_interval(days => $1)
       ORDER BY clicked_at LIMIT $2 FOR UPDATE SKIP LOCKED
     ), removed AS (
       DELETE FROM referral_clicks c USING old WHERE c.id = old.id
       RETURNING c.referral_link_id, (c.clicked_at AT TIME ZONE 'UTC')::date AS day, c.counted
     ), folded AS (
       INSERT INTO referral_click_days (referral_link_id, day, counted_clicks, raw_clicks)
       SELECT referral_link_id, day, count(*) FILTER (WHERE counted), count(*) FROM removed GROUP BY referral_link_id, day
       ON CONFLICT (referral_link_id, day) DO UPDATE SET
         counted_clicks = referral_click_days.counted_clicks + EXCLUDED.counted_clicks,
         raw_clicks = referral_click_days.raw_clicks + EXCLUDED.raw_clicks
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM removed)::int AS folded`,
    [retentionDays, batchSize],
  );
  return rows[0]?.folded ?? 0;
}

/* ---- Registrations and the funnel ---- */

/** Records the attribution; false when the user already has one (never twice). */
export async function insertReferralRegistration(db: Queryable, linkId: string, userId: string): Promise<boolean> {
  const result = await db.query(
    'INSERT INTO referral_registrations (referral_link_id, user_id) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING',
    [linkId, userId],
  );
  return (result.rowCount ?? 0) > 0;
}

export async function markFirstTask(db: Queryable, userId: string, at: string): Promise<void> {
  await db.query(
    'UPDATE referral_registrations SET first_task_at = LEAST(COALESCE(first_task_at, $2::timestamptz), $2::timestamptz) WHERE user_id = $1',
    [userId, at],
  );
}

export async function markFirstPaid(db: Queryable, userId: string, at: string): Promise<void> {
  await db.query(
    'UPDATE referral_registrations SET first_paid_at = LEAST(COALESCE(first_paid_at, $2::timestamptz), $2::timestamptz) WHERE user_id = $1',
    [userId, at],
  );
}

export async function readReferralStats(db: Queryable) {
  const { rows } = await db.query<{
    total_links: number;
    total_clicks: number;
    clicks_30: number;
    total_registrations: number;
    registrations_30: number;
  }>(
    `SELECT
       (SELECT count(*) FROM referral_links)::int AS total_links,
       ((SELECT count(*) FROM referral_clicks WHERE counted) + (SELECT COALESCE(sum(counted_clicks), 0) FROM referral_click_days))::int AS total_clicks,
       (SELECT count(*) FROM referral_clicks WHERE counted AND clicked_at > now() - interval '30 days')::int AS clicks_30,
       (SELECT count(*) FROM referral_registrations)::int AS total_registrations,
       (SELECT count(*) FROM referral_registrations WHERE registered_at > now() - interval '30 days')::int AS registrations_30`,
  );
  const row = rows[0]!;
  return {
    totalLinks: row.total_links,
    totalClicks: row.total_clicks,
    clicksLast30Days: row.clicks_30,
    totalRegistrations: row.total_registrations,
    registrationsLast30Days: row.registrations_30,
  };
}
