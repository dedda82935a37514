import type { TSubmissionClaim } from '@platform/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { useClaimSubmissionMutation, useReleaseSubmissionMutation, useSubmissionClaimsQuery } from '../../../features/tasks/tasks.admin.api';

/** How often the review screens read the live claims (a few rows; see ARCHITECTURE.md "Who is reviewing what"). */
export const CLAIMS_POLL_MS = 4_000;
/** The claim lasts 5 minutes on the server; it is renewed well before (every 2 minutes) while the review is open. */
export const CLAIM_RENEW_MS = 120_000;

export interface TSubmissionClaimState {
  /** The admin reviewing it (this admin included), or null when nobody holds a live claim. */
  claimedBy: { id: string; name: string } | null;
  /** True when the claim is this admin's: their decision will be accepted. */
  mine: boolean;
  expiresAt: string | null;
}

/** The live claims, polled every CLAIMS_POLL_MS while a review screen that needs them is mounted (one request for all). */
export function useLiveClaims(active = true): { byId: Map<string, TSubmissionClaim>; loaded: boolean; refetch: () => void } {
  const query = useSubmissionClaimsQuery(undefined, { skip: !active, pollingInterval: active ? CLAIMS_POLL_MS : 0, skipPollingIfUnfocused: false });
  const byId = useMemo(() => new Map((query.data?.items ?? []).map(({ submissionId, ...claim }): [string, TSubmissionClaim] => [submissionId, claim])), [query.data]);
  const { refetch } = query;
  const refresh = useCallback(() => {
    try {
      void refetch();
    } catch {
      // Not started (skipped): nothing to read again.
    }
  }, [refetch]);
  return { byId, loaded: query.data !== undefined, refetch: refresh };
}

function stillLive(claim: TSubmissionClaim | null | undefined): claim is TSubmissionClaim {
  return !!claim && new Date(claim.expiresAt).getTime() > Date.now();
}

/**
 * Who is reviewing what (issue 30 item 3), for a screen that shows one submission: claims it on mount, renews the claim
 * every CLAIM_RENEW_MS while mounted, releases it on unmount and when the page is left (pagehide; claimed again on
 * pageshow). While another admin holds it the live claims poll names them, and once their claim is released or lapses
 * this screen claims it. A submission no longer awaiting a decision is not claimed (and not tried again).
 * `undefined`: no submission open, nothing claimed.
 */
export function useSubmissionClaim(submissionId: string | undefined): TSubmissionClaimState {
  const myId = useAppSelector((s) => s.session.user?.id ?? null);
  const [claimSubmission] = useClaimSubmissionMutation();
  const [releaseSubmission] = useReleaseSubmissionMutation();
  const live = useLiveClaims(submissionId !== undefined);
  const [own, setOwn] = useState<TSubmissionClaim | null>(null);
  // The submission whose claim this screen holds (released on unmount or pagehide), a claim call in flight, and
  // whether the server said the submission no longer awaits a decision (then it is not tried again).
  const held = useRef<string | null>(null);
  const inFlight = useRef(false);
  const settled = useRef(false);
  const { refetch } = live;

  const take = useCallback(
    async (id: string) => {
      if (inFlight.current || settled.current) return;
      inFlight.current = true;
      try {
        const result = await claimSubmission(id).unwrap();
        held.current = result.claim ? id : null;
        setOwn(result.claim);
      } catch (error) {
        held.current = null;
        setOwn(null);
        const code = (error as { code?: string }).code ?? (error as { data?: { code?: string } }).data?.code;
        if (code === 'WORK.CLAIMED_BY_OTHER') refetch();
        else settled.current = true;
      } finally {
        inFlight.current = false;
      }
    },
    [claimSubmission, refetch],
  );

  useEffect(() => {
    if (!submissionId) return;
    settled.current = false;
    void take(submissionId);
    const renew = setInterval(() => {
      if (held.current === submissionId) void take(submissionId);
    }, CLAIM_RENEW_MS);
    const release = () => {
      if (held.current === submissionId) void releaseSubmission(submissionId);
      held.current = null;
      setOwn(null);
    };
    const onShow = () => void take(submissionId);
    window.addEventListener('pagehide', release);
    window.addEventListener('pageshow', onShow);
    return () => {
      clearInterval(renew);
      window.removeEventListener('pagehide', release);
      window.removeEventListener('pageshow', onShow);
      release();
    };
  }, [submissionId, take, releaseSubmission]);

  const polled = submissionId ? live.byId.get(submissionId) : undefined;
  const others = stillLive(polled) && polled.adminId !== myId ? polled : null;
  // Nobody else holds it now and this screen does not: claim it (their claim was released or lapsed).
  useEffect(() => {
    if (submissionId && !others && held.current !== submissionId) void take(submissionId);
  }, [submissionId, others, live.byId, take]);

  const mine = stillLive(own) ? own : null;
  const current = others ?? mine;
  if (!submissionId || !current) return { claimedBy: null, mine: false, expiresAt: null };
  return { claimedBy: { id: current.adminId, name: current.adminName }, mine: current.adminId === myId, expiresAt: current.expiresAt };
}
