import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A template migration keeps an admin's edits (issue 28): from 0018 on, every UPDATE or DELETE of email_templates in a
 * migration must leave rows an admin edited (`edited_at IS NULL` in its WHERE). 0014 deleted an edited
 * withdrawal-notification that nothing could bring back.
 */
const MIGRATIONS = join(import.meta.dirname, '../src/data-access/migrations');
const FIRST_CHECKED = 18;

/** Each statement of `sql` that changes email_templates without sparing edited rows. */
function statementsOverwritingEdits(sql: string): string[] {
  const code = sql.replace(/--[^\n]*/g, '');
  return code
    .split(';')
    .map((statement) => statement.trim().replace(/\s+/g, ' '))
    .filter((statement) => /^(UPDATE|DELETE FROM) email_templates\b/i.test(statement))
    .filter((statement) => !/\bedited_at IS NULL\b/i.test(statement))
    .filter((statement) => !/^UPDATE email_templates SET edited_at = updated_at\b/i.test(statement));
}

describe('template migrations keep admin-edited rows', () => {
  it(`every migration from ${FIRST_CHECKED} on that updates or deletes templates spares the edited ones`, () => {
    const files = readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql') && Number(f.slice(0, 4)) >= FIRST_CHECKED);
    expect(files.length).toBeGreaterThan(0);
    const found = files.flatMap((f) => statementsOverwritingEdits(readFileSync(join(MIGRATIONS, f), 'utf8')).map((s) => `${f}: ${s}`));
    expect(found).toEqual([]);
  });

  it('when a migration deletes or rewrites templates without sparing edited ones (as 0014 did), then it is named', () => {
    const sql0014 = readFileSync(join(MIGRATIONS, '0014_mail_languages.sql'), 'utf8');
    expect(statementsOverwritingEdits(sql0014)).toEqual([
      expect.stringMatching(/^UPDATE email_templates SET html_content = replace/),
      "DELETE FROM email_templates WHERE name = 'withdrawal-notification'",
    ]);
    expect(statementsOverwritingEdits("DELETE FROM email_templates WHERE name = 'x' AND edited_at IS NULL;")).toEqual([]);
  });
});
