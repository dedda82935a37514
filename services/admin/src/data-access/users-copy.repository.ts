import type { Queryable } from '@platform/service-kit';

export interface TUserCopy {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  registeredAt: string;
}

/** Keeps the local copy of a user learnt from user.registered; a repeated event changes nothing. */
export async function upsertUserCopy(db: Queryable, user: TUserCopy): Promise<void> {
  await db.query(
    `INSERT INTO users_copy (id, email, first_name, last_name, role, registered_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (id) DO NOTHING`,
    [user.id, user.email, user.firstName, user.lastName, user.role, user.registeredAt],
  );
}

export async function findUserCopyById(db: Queryable, id: string): Promise<TUserCopy | undefined> {
  const { rows } = await db.query<{ id: string; email: string; first_name: string; last_name: string; role: string; registered_at: Date }>(
    'SELECT id, email, first_name, last_name, role, registered_at FROM users_copy WHERE id = $1',
    [id],
  );
  const row = rows[0];
  return row
    ? { id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, role: row.role, registeredAt: row.registered_at.toISOString() }
    : undefined;
}
