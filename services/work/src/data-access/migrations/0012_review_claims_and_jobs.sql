-- The review cockpit (issue 30 items 3 and 4).
-- Who is reviewing what: the admin holding a submission's claim and until when. Kept on the assignment itself, so the
-- claim, its renewal and every decision are conditional updates of one row: two of them at once are serialised by
-- the row's lock and each re-checks the other's result (a decision by someone else than a live claimer finds no row).
ALTER TABLE task_assignments ADD COLUMN claimed_by uuid, ADD COLUMN claim_expires_at timestamptz;
-- The console's poll of the live claims reads this index (few rows: one per open review).
CREATE INDEX task_assignments_claims_idx ON task_assignments (claim_expires_at) WHERE claimed_by IS NOT NULL;

-- Bulk approval as a job: the selection is written with the job, processed in batches by the service's review-job
-- worker (each item through the same approval as a single one, its outcome written in the approval's transaction),
-- so a restart resumes where the last committed batch ended.
CREATE TABLE review_jobs (
  id uuid PRIMARY KEY,
  created_by uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done')),
  spot_check_every integer NOT NULL CHECK (spot_check_every >= 0),
  total integer NOT NULL
);
CREATE INDEX review_jobs_running_idx ON review_jobs (created_at) WHERE status = 'running';

CREATE TABLE review_job_items (
  job_id uuid NOT NULL REFERENCES review_jobs (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  assignment_id uuid NOT NULL,
  outcome text NOT NULL DEFAULT 'pending' CHECK (outcome IN ('pending', 'approved', 'already_decided', 'spot_check', 'claimed', 'failed')),
  code text,
  claimed_by text,
  decided_at timestamptz,
  PRIMARY KEY (job_id, seq),
  UNIQUE (job_id, assignment_id)
);
-- The worker's next batch (pending items in order) and the progress counts per outcome.
CREATE INDEX review_job_items_outcome_idx ON review_job_items (job_id, outcome, seq);
