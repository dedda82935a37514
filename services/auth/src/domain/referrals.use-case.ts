import { randomInt } from 'node:crypto';
import {
  findTypedFigure,
  isUuid,
  REFERRAL_CLICK_RETENTION_DAYS,
  REFERRAL_CLICK_WINDOW_MINUTES,
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  RESERVED_REFERRAL_CODES,
  type TCreateLandingPageRequest,
  type TCreateReferralLinkRequest,
  type TDeleteReferralLinkResponse,
  type TLandingContent,
  type TLandingPage,
  type TLandingPagePage,
  type TLandingPagesQuery,
  type TPublicLandingPage,
  type TReferralLink,
  type TReferralLinkPage,
  type TReferralLinksQuery,
  type TReferralLookup,
  type TReferralStats,
  type TUpdateLandingPageRequest,
  type TUpdateReferralLinkRequest,
} from '@platform/contracts';
import { withTransaction, type Pool, type Queryable } from '@platform/service-kit';
import { isbot } from 'isbot';
import sanitizeHtml from 'sanitize-html';
import {
  aggregateOldClicks,
  deleteOrDeactivateReferralLink,
  findLandingPageById,
  findLandingPageByName,
  findReferralLinkByCode,
  hasCountedClickSince,
  insertClick,
  insertLandingPage,
  insertReferralLink,
  insertReferralRegistration,
  findReferralLinkWithFunnel,
  listActiveLandingPages,
  listLandingPagesPage,
  listReferralLinksPage,
  lockClickSlot,
  markFirstPaid,
  markFirstTask,
  readReferralStats,
  updateLandingPage,
  updateReferralLink,
  type TLandingPageRecord,
  type TReferralLinkFunnel,
  type TReferralLinkRecord,
} from '../data-access/referrals.repository.js';
import { AUTH_ERRORS } from './auth.errors.js';

interface TReferralDeps {
  pool: Pool;
}

/* ---- Codes ---- */

export function generateReferralCode(length = REFERRAL_CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return code;
}

export function isReservedReferralCode(code: string): boolean {
  return (RESERVED_REFERRAL_CODES as readonly string[]).includes(code.toLowerCase());
}

/* ---- Views ---- */

function presentLink(link: TReferralLinkRecord & TReferralLinkFunnel): TReferralLink {
  return {
    id: link.id,
    code: link.code,
    name: link.name,
    description: link.description,
    landingPageId: link.landingPageId,
    landingPage: link.landingPage,
    isActive: link.isActive,
    totalClicks: link.totalClicks,
    rawClicks: link.rawClicks,
    totalRegistrations: link.totalRegistrations,
    conversionRate: link.totalClicks > 0 ? Math.round((link.totalRegistrations / link.totalClicks) * 10_000) / 10_000 : null,
    firstTaskCount: link.firstTaskCount,
    paidCount: link.paidCount,
    createdBy: link.createdBy,
    createdAt: link.createdAt.toISOString(),
    updatedAt: link.updatedAt.toISOString(),
  };
}

function presentLandingPage(page: TLandingPageRecord): TLandingPage {
  return {
    id: page.id,
    name: page.name,
    displayName: page.displayName,
    description: page.description,
    content: page.content,
    isActive: page.isActive,
    createdAt: page.createdAt.toISOString(),
    updatedAt: page.updatedAt.toISOString(),
  };
}

async function linkView(db: Queryable, id: string): Promise<TReferralLink> {
  const link = await findReferralLinkWithFunnel(db, id);
  if (!link) throw AUTH_ERRORS.referralLinkNotFound();
  return presentLink(link);
}

/* ---- Admin: links ---- */

/** GET /api/admin/referral-links: one page of the links (newest first), searched and filtered, each with its funnel. */
export async function listLinks(deps: TReferralDeps, query: TReferralLinksQuery): Promise<TReferralLinkPage> {
  const page = await listReferralLinksPage(deps.pool, query);
  return { ...page, items: page.items.map(presentLink) };
}

async function requireLandingPage(db: Queryable, id: string): Promise<TLandingPageRecord> {
  const page = isUuid(id) ? await findLandingPageById(db, id.toLowerCase()) : undefined;
  if (!page) throw AUTH_ERRORS.landingPageUnknown();
  return page;
}

export async function createLink(deps: TReferralDeps, adminId: string, input: TCreateReferralLinkRequest): Promise<TReferralLink> {
  const page = await requireLandingPage(deps.pool, input.landingPageId);
  const given = input.code?.trim() ?? '';
  if (given && isReservedReferralCode(given)) throw AUTH_ERRORS.referralCodeReserved();
  const fields = { name: input.name, description: input.description || null, landingPageId: page.id, isActive: input.isActive ?? true, createdBy: adminId };
  if (given) {
    const id = await insertReferralLink(deps.pool, { ...fields, code: given });
    if (!id) throw AUTH_ERRORS.referralCodeTaken();
    return linkView(deps.pool, id);
  }
  // A generated code: 31^7 (2.7e10) codes, so a collision is rare; try a few, then a longer one.
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const code = generateReferralCode(attempt < 5 ? REFERRAL_CODE_LENGTH : REFERRAL_CODE_LENGTH + 3);
    if (isReservedReferralCode(code)) continue;
    const id = await insertReferralLink(deps.pool, { ...fields, code });
    if (id) return linkView(deps.pool, id);
  }
  throw AUTH_ERRORS.referralCodeTaken();
}

export async function updateLink(deps: TReferralDeps, id: string, input: TUpdateReferralLinkRequest): Promise<TReferralLink> {
  const landingPageId = input.landingPageId ? (await requireLandingPage(deps.pool, input.landingPageId)).id : undefined;
  const updated = await updateReferralLink(deps.pool, id, {
    name: input.name,
    ...(input.description !== undefined ? { description: input.description || null } : {}),
    ...(landingPageId ? { landingPageId } : {}),
    ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
  });
  if (!updated) throw AUTH_ERRORS.referralLinkNotFound();
  return linkView(deps.pool, id);
}

export async function deleteLink(deps: TReferralDeps, id: string): Promise<TDeleteReferralLinkResponse> {
  const outcome = await withTransaction(deps.pool, (client) => deleteOrDeactivateReferralLink(client, id));
  if (outcome === 'missing') throw AUTH_ERRORS.referralLinkNotFound();
  return outcome === 'deleted'
    ? { deleted: true, deactivated: false, message: 'Referral link deleted' }
    : { deleted: false, deactivated: true, message: 'This link has registrations, so it was deactivated instead of deleted' };
}

export async function referralStats(deps: TReferralDeps): Promise<TReferralStats> {
  return readReferralStats(deps.pool);
}

/* ---- Public: the entry route ---- */

export async function lookUpReferral(deps: TReferralDeps, code: string): Promise<TReferralLookup> {
  const link = await findReferralLinkByCode(deps.pool, code);
  // Unknown and inactive alike: the screen sends the visitor to /register.
  if (!link || !link.isActive) throw AUTH_ERRORS.referralCodeNotFound();
  return { isActive: true, landingPage: link.landingPage };
}

export interface TClickContext {
  ipAddress: string;
  userAgent: string | undefined;
  referer: string | undefined;
  /** Purpose / Sec-Purpose / X-Moz / X-Purpose header values: a prefetch or prerender announces itself there. */
  purposeHeaders: (string | undefined)[];
}

/** Why a click is not counted, before looking at the database; undefined when it may count. */
export function clickIgnoredReason(context: Pick<TClickContext, 'userAgent' | 'purposeHeaders'>): 'bot' | 'prefetch' | undefined {
  if (context.purposeHeaders.some((value) => value !== undefined && /prefetch|preview|prerender/i.test(value))) return 'prefetch';
  // No user agent at all is no browser either.
  if (!context.userAgent || isbot(context.userAgent)) return 'bot';
  return undefined;
}

const clip = (value: string | undefined, max: number) => (value ? value.slice(0, max) : null);

/**
 * Stores the click and says whether it counted: at most one per address per link per hour (the first; clicks of
 * one address on one link are serialised by an advisory lock, so a burst counts once), none from bots or prefetches.
 */
export async function trackClick(deps: TReferralDeps, code: string, context: TClickContext): Promise<{ counted: boolean }> {
  const link = await findReferralLinkByCode(deps.pool, code);
  if (!link || !link.isActive) throw AUTH_ERRORS.referralCodeNotFound();
  const early = clickIgnoredReason(context);
  return withTransaction(deps.pool, async (client) => {
    let reason: string | null = early ?? null;
    if (!reason) {
      await lockClickSlot(client, link.id, context.ipAddress);
      if (await hasCountedClickSince(client, link.id, context.ipAddress, REFERRAL_CLICK_WINDOW_MINUTES)) reason = 'repeat';
    }
    await insertClick(client, {
      linkId: link.id,
      ipAddress: context.ipAddress,
      userAgent: clip(context.userAgent, 500),
      referer: clip(context.referer, 1000),
      counted: reason === null,
      ignoredReason: reason,
    });
    return { counted: reason === null };
  });
}

/** The job: raw clicks past the retention folded into per-day counts, batch by batch. */
export async function aggregateClicks(deps: TReferralDeps, options: { batchSize: number; maxBatches?: number }): Promise<{ folded: number }> {
  let folded = 0;
  for (let batch = 0; batch < (options.maxBatches ?? 100); batch += 1) {
    const n = await withTransaction(deps.pool, (client) => aggregateOldClicks(client, REFERRAL_CLICK_RETENTION_DAYS, options.batchSize));
    folded += n;
    if (n < options.batchSize) break;
  }
  return { folded };
}

/* ---- Registration and the funnel (called inside other transactions) ---- */

/**
 * At registration, in its transaction: a referral source naming an active link is attributed once; an unknown or
 * inactive one is ignored (never an error: the visitor registers all the same).
 */
export async function attributeRegistration(client: Queryable, userId: string, referralSource: string | null): Promise<boolean> {
  if (!referralSource) return false;
  const link = await findReferralLinkByCode(client, referralSource);
  if (!link || !link.isActive) return false;
  return insertReferralRegistration(client, link.id, userId);
}

export async function recordFirstTask(client: Queryable, userId: string, approvedAt: string): Promise<void> {
  await markFirstTask(client, userId, approvedAt);
}

export async function recordFirstPayout(client: Queryable, userId: string, paidAt: string): Promise<void> {
  await markFirstPaid(client, userId, paidAt);
}

/* ---- Landing pages ---- */

function plainText(value: string): string {
  const stripped = sanitizeHtml(value, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' });
  return stripped
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

const LANDING_CONTENT_LABELS = { title: 'Title', intro: 'Introduction', work: 'What the work is', payment: 'How and when you are paid' } as const;

/**
 * The admin's copy as plain text: tags and scripts removed; empty parts dropped (the screen's own text shows). The
 * plain text is checked again for a typed figure claim (the schema checked the raw text; markup such as
 * "$<b>500</b>" cannot hide one): 400 FIELD.TYPED_FIGURE.
 */
export function sanitiseLandingContent(content: TLandingContent): TLandingContent {
  const result: TLandingContent = {};
  for (const key of ['title', 'intro', 'work', 'payment'] as const) {
    const value = content[key];
    if (value === undefined) continue;
    const text = plainText(value);
    const figure = text ? findTypedFigure(text) : null;
    if (figure) throw AUTH_ERRORS.typedFigure(key, LANDING_CONTENT_LABELS[key], figure);
    if (text) result[key] = text;
  }
  return result;
}

/** GET /api/admin/landing-pages: one page of the landing pages (oldest first), searched and filtered. */
export async function listPages(deps: TReferralDeps, query: TLandingPagesQuery): Promise<TLandingPagePage> {
  const page = await listLandingPagesPage(deps.pool, query);
  return { ...page, items: page.items.map(presentLandingPage) };
}

/** GET /api/admin/landing-pages/active: every active page (a link's picker). */
export async function listActivePages(deps: TReferralDeps): Promise<TLandingPage[]> {
  return (await listActiveLandingPages(deps.pool)).map(presentLandingPage);
}

export async function createPage(deps: TReferralDeps, input: TCreateLandingPageRequest): Promise<TLandingPage> {
  const page = await insertLandingPage(deps.pool, {
    name: input.name,
    displayName: input.displayName,
    description: input.description || null,
    content: sanitiseLandingContent(input.content ?? {}),
    isActive: input.isActive ?? true,
  });
  if (!page) throw AUTH_ERRORS.landingPageNameTaken();
  return presentLandingPage(page);
}

export async function updatePage(deps: TReferralDeps, id: string, input: TUpdateLandingPageRequest): Promise<TLandingPage> {
  const page = await updateLandingPage(deps.pool, id, {
    ...(input.displayName !== undefined ? { displayName: input.displayName } : {}),
    ...(input.description !== undefined ? { description: input.description || null } : {}),
    ...(input.content !== undefined ? { content: sanitiseLandingContent(input.content) } : {}),
    ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
  });
  if (!page) throw AUTH_ERRORS.landingPageNotFound();
  return presentLandingPage(page);
}

/** A visitor's landing page by name; an inactive or unknown page is 404 (the screen keeps its own text). */
export async function publicLandingPage(deps: TReferralDeps, name: string): Promise<TPublicLandingPage> {
  const page = await findLandingPageByName(deps.pool, name);
  if (!page || !page.isActive) throw AUTH_ERRORS.landingPageNotFound();
  return { name: page.name, displayName: page.displayName, content: page.content };
}
