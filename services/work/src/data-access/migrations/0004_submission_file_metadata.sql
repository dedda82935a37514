-- Issue 26 item 10: submission images are stored re-encoded without metadata; a video is stored as sent (no
-- remuxer here), so it may still carry its location and device: flagged for the admin's review.
ALTER TABLE task_submission_files ADD COLUMN metadata_kept boolean NOT NULL DEFAULT false;
