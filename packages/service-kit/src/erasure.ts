import type { Queryable } from './db.js';

/** The fields of an event's data that name or reach a person; erased in the outbox when the user is deleted. */
export const PERSONAL_EVENT_FIELDS = ['email', 'firstName', 'lastName', 'fullName'] as const;

function scrub(value: unknown, fields: ReadonlySet<string>, depth: number): { value: unknown; changed: boolean } {
  if (depth > 4 || value === null || typeof value !== 'object') return { value, changed: false };
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item) => {
      const result = scrub(item, fields, depth + 1);
      changed ||= result.changed;
      return result.value;
    });
    return { value: items, changed };
  }
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (fields.has(key) && typeof inner === 'string' && inner !== '') {
      out[key] = '';
      changed = true;
    } else {
      const result = scrub(inner, fields, depth + 1);
      changed ||= result.changed;
      out[key] = result.value;
    }
  }
  return { value: out, changed };
}

/**
 * Account deletion: the service's outbox keeps every event it published (with its payload), so the names and e-mail
 * a user.registered, user.updated or notification event carried about the deleted user are erased there too (the
 * strings become ''; the event rows, their ids and types stay). Only events whose data names the user (`userId`)
 * are touched, in the caller's transaction. Returns how many rows changed.
 */
export async function erasePersonalDataInOutbox(db: Queryable, userId: string, fields: readonly string[] = PERSONAL_EVENT_FIELDS): Promise<number> {
  const { rows } = await db.query<{ id: string; payload: unknown }>("SELECT id, payload FROM outbox WHERE payload->'data'->>'userId' = $1", [userId]);
  const wanted = new Set(fields);
  let changed = 0;
  for (const row of rows) {
    const result = scrub(row.payload, wanted, 0);
    if (!result.changed) continue;
    await db.query('UPDATE outbox SET payload = $2::jsonb WHERE id = $1', [row.id, JSON.stringify(result.value)]);
    changed += 1;
  }
  return changed;
}
