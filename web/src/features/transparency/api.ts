/**
 * The transparency routes the browser reads (docs/transparency.md): the signed tree head of the
 * journal's Merkle log, an entry's inclusion proof, the consistency proof between two heads, the
 * published liabilities snapshot and the client's path in it, the reserves the operator declares,
 * and the statement check. Answers are taken as the server sends them; the browser then checks the
 * proofs itself (verify.ts), so nothing here is trusted for a "Verified" mark.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ErrorCode } from '@common/errors';
import type { ConsistencyAnswer, InclusionAnswer, TreeHeadView } from '@common/schemas/transparency-log';
import type {
  LiabilitiesProof,
  LiabilitiesSnapshot,
  liabilitiesTakenAnswerSchema,
} from '@common/schemas/liabilities';
import type { reservesAnswerSchema } from '@common/schemas/reserves';
import {
  STATEMENT_FILE_MAX_BYTES,
  STATEMENT_MSG,
  type VerifyStatementAnswer,
} from '@common/schemas/statements';
import { api, ApiError } from '../../lib/api-client';

/**
 * GET /transparency/tree-head: size (entries), root hash (hex), time, Ed25519 signature and key, the
 * origin and the same head as a C2SP checkpoint with its cosignatures.
 */
export type TreeHead = TreeHeadView;

/**
 * GET /transparency/inclusion/:entryId: the entry's leaf and audit path in a tree of `treeSize`, and
 * the sealed entry in its canonical form (the browser rehashes it).
 */
export type InclusionProof = InclusionAnswer;

type ReservesAnswer = z.infer<typeof reservesAnswerSchema>;

/** The latest signed tree head (public); null before the first seal. */
export const treeHeadQuery = queryOptions({
  queryKey: ['transparency', 'tree-head'],
  queryFn: () => orNullWhenMissing(api.get<TreeHead>('/transparency/tree-head')),
});

/** The latest liabilities snapshot (public); null before the first one. */
export const liabilitiesQuery = queryOptions({
  queryKey: ['transparency', 'liabilities'],
  queryFn: () => orNullWhenMissing(api.get<LiabilitiesSnapshot>('/transparency/liabilities')),
});

/** GET /transparency/liabilities/snapshots: the latest ten snapshots, newest first (public). */
export const snapshotsQuery = queryOptions({
  queryKey: ['transparency', 'liabilities', 'snapshots'],
  queryFn: async () =>
    (await api.get<{ snapshots: LiabilitiesSnapshot[] }>('/transparency/liabilities/snapshots')).snapshots,
});

/** GET /transparency/liabilities?snapshot=: one published snapshot, as anyone reads it. */
export const fetchSnapshot = (snapshotId: string) =>
  api.get<LiabilitiesSnapshot>('/transparency/liabilities', { params: { snapshot: snapshotId } });

/**
 * GET /transparency/liabilities/proof?treeSize=: the signed-in client's leaves, paths and log proofs
 * in the latest snapshot, under the signed head of `treeSize` (the latest when undefined); null
 * before the first snapshot.
 */
export const fetchLiabilitiesProof = (treeSize?: number) =>
  orNullWhenMissing(
    api.get<LiabilitiesProof>('/transparency/liabilities/proof', {
      params: treeSize === undefined ? {} : { treeSize },
    }),
  );

/** GET /transparency/reserves: what the operator declares in its settings; an empty list when none. */
export const reservesQuery = queryOptions({
  queryKey: ['transparency', 'reserves'],
  queryFn: async () => (await api.get<ReservesAnswer>('/transparency/reserves')).data,
});

/**
 * A line's inclusion: its proof, `pending` (posted, not sealed into that head yet), `overdue` (posted
 * before the last seal, yet not in the log) or `none` (no entry).
 */
export type InclusionLookup =
  { kind: 'proof'; proof: InclusionProof } | { kind: 'pending' | 'overdue' | 'none' };

const NOT_IN_HEAD_YET: (ErrorCode | undefined)[] = ['entry_not_sealed', 'entry_after_head'];

/** GET /transparency/inclusion/:entryId for the signed tree head of `treeSize` entries. */
export async function fetchInclusion(entryId: string, treeSize: number): Promise<InclusionLookup> {
  try {
    const proof = await api.get<InclusionProof>(`/transparency/inclusion/${encodeURIComponent(entryId)}`, {
      params: { treeSize },
    });
    return { kind: 'proof', proof };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) throw error;
    if (error.code === 'entry_left_out') return { kind: 'overdue' };
    return { kind: NOT_IN_HEAD_YET.includes(error.code) ? 'pending' : 'none' };
  }
}

/** GET /transparency/consistency?from&to (sizes of two signed tree heads). */
export const fetchConsistency = (from: number, to: number) =>
  api.get<ConsistencyAnswer>('/transparency/consistency', { params: { from, to } });

/** The answer, or null when the server says 404 (nothing there yet). */
async function orNullWhenMissing<T>(answer: Promise<T>): Promise<T | null> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * POST /transparency/verify-statement with the file as the body (application/pdf), without cookies
 * (the route is public, so nothing of the session goes with it). Answers the check, authentic or
 * not; throws ApiError for a refused file (too large, empty) with the server's message.
 */
export async function verifyStatement(file: Blob): Promise<VerifyStatementAnswer> {
  if (file.size > STATEMENT_FILE_MAX_BYTES) throw new ApiError(413, STATEMENT_MSG.tooLarge);
  let response: Response;
  try {
    response = await fetch('/api/transparency/verify-statement', {
      method: 'POST',
      headers: { 'Content-Type': 'application/pdf', Accept: 'application/json' },
      body: file,
      credentials: 'omit',
    });
  } catch {
    throw new ApiError(0, 'Network Error');
  }
  const body = (await response.json().catch(() => ({}))) as Partial<VerifyStatementAnswer> & {
    message?: string;
  };
  if (!response.ok) {
    throw new ApiError(response.status, body.message ?? `Request failed with status code ${response.status}`);
  }
  return body as VerifyStatementAnswer;
}

/**
 * POST /transparency/liabilities (staff who may adjust the ledger): publishes a proof-of-liabilities
 * snapshot now; every view of the snapshots is then refetched. Throws ApiError 409 when no client
 * has a ledger account yet, 403 for a role without the permission.
 */
export function usePublishLiabilities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<z.infer<typeof liabilitiesTakenAnswerSchema>>('/transparency/liabilities'),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['transparency', 'liabilities'] }),
  });
}
