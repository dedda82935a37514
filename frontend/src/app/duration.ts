/** Seconds as the shortest honest reading: "35 min", "2 h 5 min", "3 d 4 h" (the landing and trust pages' figures). */
export function durationParts(seconds: number): { unit: 'minutes' | 'hours' | 'days'; count: number; hours: number; minutes: number } {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return { unit: 'minutes', count: minutes, hours: 0, minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { unit: 'hours', count: hours, hours, minutes: minutes % 60 };
  return { unit: 'days', count: Math.floor(hours / 24), hours: hours % 24, minutes: 0 };
}
