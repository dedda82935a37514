import { API_PREFIX } from '../../app/baseQuery';

/**
 * GET /api/files/{fileName} needs the bearer header, so a plain link cannot open it: the file is fetched with the
 * token and handed to the page as a blob URL (revoke it when done).
 */
export async function fetchFileBlobUrl(fileName: string, token: string | null): Promise<{ url: string; type: string }> {
  const response = await fetch(`${API_PREFIX}/files/${encodeURIComponent(fileName)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const blob = await response.blob();
  return { url: URL.createObjectURL(blob), type: blob.type || (response.headers.get('Content-Type') ?? '') };
}
