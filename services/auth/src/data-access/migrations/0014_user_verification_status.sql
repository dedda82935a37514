-- The verification status of every user in the admin's All Users, shown and filtered by on the server (issue 28
-- item 7): none, pending, approved or rejected, by the one rule of domain/verification-status.ts (pending while the
-- latest application awaits a decision; approved when the user is verified; rejected when the latest application was
-- rejected; else none). Kept by triggers, so every write of is_verified or of an application keeps it true whatever
-- code path made it (a decision, an admin's edit, an erasure, a direct write of a test or a seed).
ALTER TABLE users ADD COLUMN verification_status text NOT NULL DEFAULT 'none'
  CHECK (verification_status IN ('none', 'pending', 'approved', 'rejected'));

CREATE FUNCTION user_verification_status(p_user_id uuid, p_is_verified boolean) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN latest.status = 'pending' THEN 'pending'
    WHEN p_is_verified THEN 'approved'
    WHEN latest.status = 'rejected' THEN 'rejected'
    ELSE 'none'
  END
  FROM (SELECT (SELECT v.status FROM user_verifications v WHERE v.user_id = p_user_id
                 ORDER BY v.submitted_at DESC, v.created_at DESC LIMIT 1) AS status) latest
$$;

-- A user written or whose is_verified changes: the status from the row itself and the latest application.
CREATE FUNCTION users_set_verification_status() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.verification_status := user_verification_status(NEW.id, NEW.is_verified);
  RETURN NEW;
END
$$;
CREATE TRIGGER users_verification_status
  BEFORE INSERT OR UPDATE OF is_verified ON users
  FOR EACH ROW EXECUTE FUNCTION users_set_verification_status();

-- An application submitted, decided or removed: its user's status again.
CREATE FUNCTION user_verifications_sync_status() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  target uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    target := OLD.user_id;
  ELSE
    target := NEW.user_id;
  END IF;
  UPDATE users u SET verification_status = user_verification_status(u.id, u.is_verified)
   WHERE u.id = target AND u.verification_status IS DISTINCT FROM user_verification_status(u.id, u.is_verified);
  RETURN NULL;
END
$$;
CREATE TRIGGER user_verifications_status
  AFTER INSERT OR UPDATE OF status OR DELETE ON user_verifications
  FOR EACH ROW EXECUTE FUNCTION user_verifications_sync_status();

UPDATE users SET verification_status = user_verification_status(id, is_verified)
 WHERE verification_status IS DISTINCT FROM user_verification_status(id, is_verified);

-- ?verification=pending|approved|rejected (the rarer values) walk this index in the list's order; none walks
-- users_admin_list_idx (0007) as the unfiltered list does.
CREATE INDEX users_admin_list_verification_idx ON users (verification_status, created_at DESC, id DESC)
  WHERE deleted_at IS NULL AND verification_status <> 'none';
