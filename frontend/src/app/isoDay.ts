/**
 * A picked calendar day as the API takes it ("2026-11-27"): the wire format of ?from/?to and dueDate, never shown
 * to a reader (screens write dates with useFormat() from app/format.ts).
 */
export const ISO_DAY_FORMAT = 'YYYY-MM-DD';

export function isoDayOf(day: { format: (template: string) => string } | null | undefined): string | undefined {
  return day ? day.format(ISO_DAY_FORMAT) : undefined;
}
