-- What a ledger entry is about, in words (issue 28: a statement line names its task). Kept beside the ledger, not in
-- ledger_entries: an entry's columns are hashed into the chain, and a description is learnt from the event that caused
-- the entry (submission.approved carries the task's title). One per reference (the assignment of a task reward).
CREATE TABLE reference_descriptions (
  reference_type text NOT NULL,
  reference_id text NOT NULL,
  description text NOT NULL,
  PRIMARY KEY (reference_type, reference_id)
);
