-- The language of a user's e-mails (issue 28): the interface's language at registration, changed whenever the user
-- switches the interface's language (PUT /api/user/language). Users from before it keep English, the fallback.
ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en' CONSTRAINT users_language_check CHECK (language IN ('en', 'ru'));
