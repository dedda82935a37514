import type { TSubmissionFile } from '@platform/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchFileBlobUrl } from '../../../../features/tasks/fileAccess';
import { useSessionToken } from '../../../../features/tasks/useSessionToken';

export type TBlobState = { status: 'loading' } | { status: 'ready'; url: string; type: string } | { status: 'failed' };

/** Blob URLs kept at most; the oldest are revoked beyond it. */
const KEPT = 24;

/**
 * The submission files of the cockpit as blob URLs (the file call needs the bearer token): fetched once each, the
 * current submission's and the next one's ahead of time (so J shows the next work at once), the oldest revoked past
 * 24, all revoked when the cockpit closes.
 */
export function useFileBlobs(wanted: readonly TSubmissionFile[]): Record<string, TBlobState> {
  const token = useSessionToken();
  const [states, setStates] = useState<Record<string, TBlobState>>({});
  const started = useRef(new Map<string, string | null>());
  const alive = useRef(true);
  const wantedNames = useRef(new Set<string>());

  const fetchOne = useCallback(
    (file: TSubmissionFile) => {
      if (started.current.has(file.fileName)) return;
      started.current.set(file.fileName, null);
      setStates((s) => ({ ...s, [file.fileName]: { status: 'loading' } }));
      fetchFileBlobUrl(file.fileName, token()).then(
        ({ url, type }) => {
          if (!alive.current || !started.current.has(file.fileName)) return URL.revokeObjectURL(url);
          started.current.set(file.fileName, url);
          setStates((s) => ({ ...s, [file.fileName]: { status: 'ready', url, type: type || file.fileType } }));
          // The oldest beyond the cap go (Map keeps the order they were asked for).
          while (started.current.size > KEPT) {
            const [oldest, oldUrl] = started.current.entries().next().value as [string, string | null];
            if (wantedNames.current.has(oldest)) break;
            started.current.delete(oldest);
            if (oldUrl) URL.revokeObjectURL(oldUrl);
            setStates((s) => {
              const rest = { ...s };
              delete rest[oldest];
              return rest;
            });
          }
        },
        () => alive.current && setStates((s) => ({ ...s, [file.fileName]: { status: 'failed' } })),
      );
    },
    // The token getter reads the current session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const key = wanted.map((file) => file.fileName).join('|');
  useEffect(() => {
    wantedNames.current = new Set(wanted.map((file) => file.fileName));
    for (const file of wanted) fetchOne(file);
    // The key names the files.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, fetchOne]);

  useEffect(() => {
    alive.current = true;
    const map = started.current;
    return () => {
      alive.current = false;
      for (const url of map.values()) if (url) URL.revokeObjectURL(url);
      map.clear();
    };
  }, []);

  return states;
}
