-- Reason templates of the review cockpit (issue 30 item 2): short rejection texts kept by the admins, each may cite a
-- task's acceptance criterion by number and carry the variables {{firstName}}, {{criterion}} and {{taskTitle}}
-- (checked when saved, contracts review-templates.ts). At most MAX_REVIEW_TEMPLATES (50): the list is not paged.
CREATE TABLE review_templates (
  id uuid PRIMARY KEY,
  title text NOT NULL,
  body text NOT NULL,
  criterion integer CHECK (criterion BETWEEN 1 AND 10),
  sort_order integer NOT NULL DEFAULT 0 CHECK (sort_order >= 0),
  created_by uuid,
  updated_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX review_templates_order_idx ON review_templates (sort_order, created_at, id);

-- The template a rejection was made from (its text may have been edited): a template's uses are counted from here,
-- so a rejection rolled back counts nothing and none is counted twice. A deleted template leaves its rejections.
ALTER TABLE submission_rejections ADD COLUMN template_id uuid REFERENCES review_templates (id) ON DELETE SET NULL;
CREATE INDEX submission_rejections_template_idx ON submission_rejections (template_id) WHERE template_id IS NOT NULL;
