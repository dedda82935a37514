-- The welcome video an admin uploaded in System Settings (spec 01 s.7, issue 28): one row, the file in MEDIA_DIR
-- named by its content (welcome-video-<sha256>.<ext>). No row: the clip the project ships is served. Each
-- replacement is published as settings.changed (key welcome_video), which the audit log records.
CREATE TABLE welcome_video (
  slot text PRIMARY KEY DEFAULT 'current' CHECK (slot = 'current'),
  file_name text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('video/mp4', 'video/webm')),
  size_bytes bigint NOT NULL,
  sha256 text NOT NULL,
  uploaded_by uuid NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now()
);
