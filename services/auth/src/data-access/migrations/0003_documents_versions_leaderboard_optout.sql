-- Company documents are managed by admins (spec 03 Documents AMENDED): a content change raises the version and the
-- users accept again (their documents_accepted is cleared); acceptances are counted per version from
-- user_document_acceptances. A worker may keep out of the public leaderboards (published with user.updated).

ALTER TABLE users ADD COLUMN leaderboard_opt_out boolean NOT NULL DEFAULT false;
