-- Paging the news and awards lists (issue 25): each sort is keyset on an index ending in id, and each filter has an
-- index of its own.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- News. The worker's list (published, newest first) reads company_news_published_idx (0006). The admin's list: every
-- item newest first; ?published; ?search (part of the title, by trigrams).
CREATE INDEX company_news_created_idx ON company_news (created_at DESC, id DESC);
CREATE INDEX company_news_status_created_idx ON company_news (is_published, created_at DESC, id DESC);
CREATE INDEX company_news_title_search_idx ON company_news USING gin (lower(title) gin_trgm_ops);

-- Awards, in the leaderboards' order: period (weekly .. all_time), category (top_earner, top_completion, top_rate),
-- rank, then oldest first. The two orders are stored columns so that the keyset and its indexes compare plain values.
ALTER TABLE awards
  ADD COLUMN period_order smallint GENERATED ALWAYS AS (
    CASE period WHEN 'weekly' THEN 1 WHEN 'monthly' THEN 2 WHEN 'quarterly' THEN 3 WHEN 'yearly' THEN 4 ELSE 5 END) STORED,
  ADD COLUMN category_order smallint GENERATED ALWAYS AS (
    CASE category WHEN 'top_earner' THEN 1 WHEN 'top_completion' THEN 2 ELSE 3 END) STORED;
-- The list, and ?period (period_order is its leading column).
CREATE INDEX awards_admin_order_idx ON awards (period_order, category_order, rank, created_at, id);
-- ?category and ?source: the same order after the filter's column.
CREATE INDEX awards_category_order_idx ON awards (category_order, period_order, rank, created_at, id);
CREATE INDEX awards_source_order_idx ON awards (source, period_order, category_order, rank, created_at, id);
-- ?user: part of the awarded user's name (the leaderboards' copy) or e-mail and name (the users copy), by trigrams;
-- then awards_user_idx (0006).
CREATE INDEX leaderboard_users_search_idx ON leaderboard_users USING gin (lower(first_name || ' ' || last_name) gin_trgm_ops);
CREATE INDEX users_copy_search_idx ON users_copy USING gin (lower(email || ' ' || first_name || ' ' || last_name) gin_trgm_ops);
