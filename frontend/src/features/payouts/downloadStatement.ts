import { API_PREFIX } from '../../app/baseQuery';

/**
 * GET /api/ledger/statement?format=csv is an attachment behind the bearer token, so a plain link cannot fetch it:
 * fetch with the token, hand the blob to the browser as a download, then let the object URL go.
 */
export async function downloadStatementCsv(token: string | null, fileName = 'statement.csv'): Promise<void> {
  const response = await fetch(`${API_PREFIX}/ledger/statement?format=csv`, {
    headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    credentials: 'include',
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the download; revoking on the next tick keeps it alive until then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
