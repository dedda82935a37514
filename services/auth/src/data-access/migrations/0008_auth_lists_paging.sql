-- Paging the rest of this service's growing lists (issue 25): verifications, company documents, landing pages,
-- referral links and the worker's activity. Each list's sort and each filter has an index (EXPLAIN checked in the
-- *-paging.api.test.ts files). pg_trgm is created by 0007 (users_search_idx, which ?search of verifications uses).

-- GET /api/admin/verifications: pending oldest application first, keyset on (submitted_at, id).
DROP INDEX user_verifications_status_idx;
CREATE INDEX user_verifications_pending_idx ON user_verifications (submitted_at, id) WHERE status = 'pending';
-- approved / rejected: newest decision first, keyset on (reviewed_at, id) descending.
CREATE INDEX user_verifications_decided_idx ON user_verifications (status, reviewed_at DESC, id DESC) WHERE status <> 'pending';
-- all: newest application first; and one user's applications (?userId), the same order.
CREATE INDEX user_verifications_all_idx ON user_verifications (submitted_at DESC, id DESC);
DROP INDEX user_verifications_user_idx;
CREATE INDEX user_verifications_user_idx ON user_verifications (user_id, submitted_at DESC, id DESC);

-- GET /api/admin/documents: display order (sort_order, created_at, id); ?active; ?search by title (trigrams).
CREATE INDEX company_documents_admin_list_idx ON company_documents (sort_order, created_at, id);
CREATE INDEX company_documents_admin_active_idx ON company_documents (is_active, sort_order, created_at, id);
CREATE INDEX company_documents_title_search_idx ON company_documents USING gin (lower(title) gin_trgm_ops);

-- GET /api/admin/landing-pages: oldest first (created_at, id); ?active; ?search by name or display name.
CREATE INDEX landing_pages_admin_list_idx ON landing_pages (created_at, id);
CREATE INDEX landing_pages_admin_active_idx ON landing_pages (is_active, created_at, id);
CREATE INDEX landing_pages_search_idx ON landing_pages USING gin (lower(name || ' ' || display_name) gin_trgm_ops);

-- GET /api/admin/referral-links: newest first (created_at, id) descending; ?active; ?search by code or name.
CREATE INDEX referral_links_admin_list_idx ON referral_links (created_at DESC, id DESC);
CREATE INDEX referral_links_admin_active_idx ON referral_links (is_active, created_at DESC, id DESC);
CREATE INDEX referral_links_search_idx ON referral_links USING gin (lower(code || ' ' || name) gin_trgm_ops);
-- The funnel of a page's links: their raw clicks counted from an index, not the whole table.
CREATE INDEX referral_clicks_link_idx ON referral_clicks (referral_link_id, counted);

-- GET /api/user/activity is served by activity_entries_user_idx (user_id, occurred_at DESC, id DESC) of 0005.
