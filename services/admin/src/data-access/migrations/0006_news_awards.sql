-- Company news, awards and the leaderboards' read model (spec 02 Home and Awards, spec 03 Company News and Awards).

CREATE TABLE company_news (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL,
  -- Plain text with line breaks (tags removed on save); never rendered as HTML.
  content text NOT NULL,
  author_id uuid,
  is_published boolean NOT NULL DEFAULT false,
  -- May be set to a custom moment on creation.
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- "Also e-mail everyone": when it was asked for (once per item), and when the last batch went out.
  email_requested_at timestamptz,
  email_done_at timestamptz
);
CREATE INDEX company_news_published_idx ON company_news (created_at DESC, id DESC) WHERE is_published;

-- Who got the e-mail of a news item: a batch that runs again skips them.
CREATE TABLE news_email_deliveries (
  news_id uuid NOT NULL REFERENCES company_news (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (news_id, user_id)
);

-- The users the leaderboards may name, learnt from user.registered / user.updated / user.deleted (auth owns them).
CREATE TABLE leaderboard_users (
  user_id uuid PRIMARY KEY,
  first_name text NOT NULL,
  last_name text NOT NULL,
  role text NOT NULL,
  opted_out boolean NOT NULL DEFAULT false,
  deleted boolean NOT NULL DEFAULT false,
  source_at timestamptz NOT NULL
);
-- Users known before this table existed (from user.registered into users_copy) can be ranked from the start.
INSERT INTO leaderboard_users (user_id, first_name, last_name, role, source_at)
SELECT id, first_name, last_name, role, source_at FROM users_copy
ON CONFLICT (user_id) DO NOTHING;

-- Every review of a submission (submission.approved / submission.rejected), one row per event.
CREATE TABLE leaderboard_reviews (
  event_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  assignment_id uuid NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('approved', 'rejected')),
  -- The task's reward credited on approval (0 for a rejection).
  reward numeric(12,2) NOT NULL DEFAULT 0,
  reviewed_at timestamptz NOT NULL
);
CREATE INDEX leaderboard_reviews_time_idx ON leaderboard_reviews (reviewed_at, user_id);
-- An assignment is approved once (its reward is paid once), however often the event is seen.
CREATE UNIQUE INDEX leaderboard_reviews_approved_once ON leaderboard_reviews (assignment_id) WHERE outcome = 'approved';

CREATE TABLE awards (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  category text NOT NULL CHECK (category IN ('top_earner', 'top_completion', 'top_rate')),
  rank integer NOT NULL CHECK (rank BETWEEN 1 AND 5),
  value numeric(14,2) NOT NULL DEFAULT 0 CHECK (value >= 0),
  period text NOT NULL CHECK (period IN ('weekly', 'monthly', 'quarterly', 'yearly', 'all_time')),
  source text NOT NULL CHECK (source IN ('computed', 'manual')),
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One computed award per period, category and rank: two runs of the job at once cannot store one twice.
CREATE UNIQUE INDEX awards_computed_once ON awards (period, category, rank) WHERE source = 'computed';
CREATE INDEX awards_user_idx ON awards (user_id);
