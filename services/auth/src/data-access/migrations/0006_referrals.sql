-- Referral links and landing pages (issue 16; spec 03 landing_pages, referral_links, referral_clicks,
-- referral_registrations). Clicks are stored raw for 90 days with whether they were counted, then folded into
-- per-day counts (referral_click_days) by the aggregation job.

CREATE TABLE landing_pages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  display_name text NOT NULL,
  description text,
  -- The admin-edited copy (title, intro, work, payment): plain text, tags stripped before storing.
  content jsonb NOT NULL DEFAULT '{}'::jsonb,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX landing_pages_name_key ON landing_pages (lower(name));

-- The two built-in templates (spec 01). Their copy is empty: the screen shows its own text until an admin edits it.
INSERT INTO landing_pages (name, display_name, description) VALUES
  ('crypto-gaming', 'Crypto Gaming', 'Testing games and apps for crypto products'),
  ('professional-tester', 'Professional Tester', 'Structured testing work for professional testers')
ON CONFLICT DO NOTHING;

CREATE TABLE referral_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL,
  name text NOT NULL,
  description text,
  landing_page_id uuid NOT NULL REFERENCES landing_pages (id),
  is_active boolean NOT NULL DEFAULT true,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Codes are unique whatever their case (the lookup lower-cases too).
CREATE UNIQUE INDEX referral_links_code_key ON referral_links (lower(code));

CREATE TABLE referral_clicks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  referral_link_id uuid NOT NULL REFERENCES referral_links (id) ON DELETE CASCADE,
  ip_address text NOT NULL,
  user_agent text,
  referer text,
  clicked_at timestamptz NOT NULL DEFAULT now(),
  -- Counted: the first from this address on this link within the hour, not a bot, not a prefetch.
  counted boolean NOT NULL,
  -- Why not counted: 'repeat', 'bot' or 'prefetch'; null when counted.
  ignored_reason text
);
CREATE INDEX referral_clicks_link_address_idx ON referral_clicks (referral_link_id, ip_address, clicked_at) WHERE counted;
CREATE INDEX referral_clicks_clicked_at_idx ON referral_clicks (clicked_at);

-- Counted clicks older than the raw retention, per link and day.
CREATE TABLE referral_click_days (
  referral_link_id uuid NOT NULL REFERENCES referral_links (id) ON DELETE CASCADE,
  day date NOT NULL,
  counted_clicks integer NOT NULL DEFAULT 0,
  raw_clicks integer NOT NULL DEFAULT 0,
  PRIMARY KEY (referral_link_id, day)
);

CREATE TABLE referral_registrations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  referral_link_id uuid NOT NULL REFERENCES referral_links (id),
  -- One attribution per user, ever.
  user_id uuid NOT NULL UNIQUE,
  registered_at timestamptz NOT NULL DEFAULT now(),
  -- Learnt from events: the first approved task (submission.approved) and the first paid withdrawal (withdrawal.decided).
  first_task_at timestamptz,
  first_paid_at timestamptz
);
CREATE INDEX referral_registrations_link_idx ON referral_registrations (referral_link_id);
