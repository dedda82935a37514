import type { TWorkUser } from '@platform/contracts';
import type { Queryable } from '@platform/service-kit';

export interface TUserCopyInput {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  /** occurredAt of the event: an older event never overwrites what a newer one wrote. */
  sourceAt: string;
}

/** Keeps the local copy of a user (names and e-mail for admin lists) learnt from user events. */
export async function upsertUser(db: Queryable, user: TUserCopyInput): Promise<void> {
  await db.query(
    `INSERT INTO users (id, email, first_name, last_name, role, source_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (id) DO UPDATE SET email = EXCLUDED.email, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
       role = EXCLUDED.role, source_at = EXCLUDED.source_at
     WHERE users.source_at <= EXCLUDED.source_at`,
    [user.id, user.email, user.firstName, user.lastName, user.role, user.sourceAt],
  );
}

/** The users with these ids; an id the copy does not know yet comes back with empty names. */
export async function findUsers(db: Queryable, ids: string[]): Promise<Map<string, TWorkUser>> {
  const unique = [...new Set(ids)];
  const found = new Map<string, TWorkUser>();
  if (unique.length === 0) return found;
  const { rows } = await db.query<{ id: string; email: string; first_name: string; last_name: string }>(
    'SELECT id, email, first_name, last_name FROM users WHERE id = ANY($1::uuid[])',
    [unique],
  );
  for (const row of rows) found.set(row.id, { id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name });
  for (const id of unique) if (!found.has(id)) found.set(id, { id, email: '', firstName: '', lastName: '' });
  return found;
}
