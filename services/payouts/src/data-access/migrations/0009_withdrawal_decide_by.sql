-- A payout promise (issue 31 item 3): every withdrawal carries decide_by, the time by which it will be decided:
-- withdrawal_decision_hours (system setting, default 48) after the request, the setting in force at the request (a
-- later change applies to new withdrawals only). The ones requested before this migration get the default.
ALTER TABLE withdrawals ADD COLUMN decide_by timestamptz;
UPDATE withdrawals SET decide_by = created_at + interval '48 hours';
ALTER TABLE withdrawals ALTER COLUMN decide_by SET NOT NULL;

-- Rows written without one (bulk loaders: seed-scale, the benchmarks) get the default promise.
CREATE FUNCTION withdrawals_default_decide_by() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.decide_by := COALESCE(NEW.decide_by, NEW.created_at + interval '48 hours');
  RETURN NEW;
END $$;
CREATE TRIGGER withdrawals_decide_by_default BEFORE INSERT ON withdrawals
  FOR EACH ROW EXECUTE FUNCTION withdrawals_default_decide_by();

-- The overdue ones (still pending past decide_by), counted by the metric and the admin dashboard.
CREATE INDEX withdrawals_pending_decide_by_idx ON withdrawals (decide_by) WHERE status = 'pending';
