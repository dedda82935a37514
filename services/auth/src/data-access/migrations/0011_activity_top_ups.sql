-- Fair pay (issue 29): a top-up of an underpaid task to the hourly floor (task.topped_up) is an entry of the worker's
-- activity history of its own type.
ALTER TABLE activity_entries DROP CONSTRAINT activity_entries_type_check;
ALTER TABLE activity_entries ADD CONSTRAINT activity_entries_type_check
  CHECK (type IN ('verification', 'task_completed', 'task_assigned', 'task_topped_up', 'withdrawal_request', 'withdrawal_approved', 'withdrawal_rejected', 'account_created'));
