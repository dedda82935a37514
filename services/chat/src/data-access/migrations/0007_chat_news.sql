-- Company news titles the assistants may mention (issue 13): a local copy from the admin service's news.changed
-- events (chat never reads the admin service's tables). An older event never overwrites a newer one; a deleted item
-- stays deleted.
CREATE TABLE chat_news (
  news_id      uuid PRIMARY KEY,
  title        text NOT NULL,
  is_published boolean NOT NULL,
  deleted      boolean NOT NULL DEFAULT false,
  created_at   timestamptz NOT NULL,
  source_at    timestamptz NOT NULL
);
