-- Fair work in the activity history (issue 29): a task handed back (assignment.returned), an appeal made
-- (submission.appealed) and its decision (appeal.decided). The list keeps 0011's task_topped_up.
ALTER TABLE activity_entries DROP CONSTRAINT activity_entries_type_check;
ALTER TABLE activity_entries ADD CONSTRAINT activity_entries_type_check CHECK (type IN ('verification', 'task_completed', 'task_assigned', 'task_topped_up',
  'withdrawal_request', 'withdrawal_approved', 'withdrawal_rejected', 'account_created', 'task_returned', 'task_appealed', 'appeal_decided'));
