import type { TMyVerification } from '@platform/contracts';
import { API_PREFIX } from '../../app/baseQuery';

/**
 * A failed call made outside RTK Query: the status (0: no answer), the server's message, the field it names and the
 * body (`data`: its code and parameters, so errorMessageOf says it in the interface language).
 */
export class VerificationCallError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    readonly field?: string,
    readonly data?: unknown,
  ) {
    super(serverMessage ?? `HTTP ${status}`);
    this.name = 'VerificationCallError';
  }
}

async function failure(response: Response): Promise<VerificationCallError> {
  let body: { message?: unknown; field?: unknown; code?: unknown; params?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // not JSON
  }
  return new VerificationCallError(response.status, typeof body.message === 'string' ? body.message : undefined, typeof body.field === 'string' ? body.field : undefined, body);
}

export interface TVerificationForm {
  fullName: string;
  dateOfBirth: string;
  address: string;
  city: string;
  country: string;
  postalCode: string;
  documentType: string;
  documentNumber: string;
  selfieFile: File;
  documentFile: File;
}

/** POST /api/user/verification as multipart (the fields, then selfieFile and documentFile). */
export async function submitVerification(form: TVerificationForm, token: string | null): Promise<TMyVerification> {
  const body = new FormData();
  for (const key of ['fullName', 'dateOfBirth', 'address', 'city', 'country', 'postalCode', 'documentType', 'documentNumber'] as const) body.append(key, form[key]);
  body.append('selfieFile', form.selfieFile, form.selfieFile.name);
  body.append('documentFile', form.documentFile, form.documentFile.name);
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}/user/verification`, { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {}, body });
  } catch {
    throw new VerificationCallError(0, undefined);
  }
  if (!response.ok) throw await failure(response);
  return (await response.json()) as TMyVerification;
}

/** Reads a file the API serves only with the bearer token (an admin's identity photo, the user's export). */
export async function fetchProtectedBlob(path: string, token: string | null): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, cache: 'no-store' });
  } catch {
    throw new VerificationCallError(0, undefined);
  }
  if (!response.ok) throw await failure(response);
  return response.blob();
}

/** Saves a blob as a download with the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
