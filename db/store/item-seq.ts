/**
 * Where a conversation's next items go (both stores): after its last item, and at least at the
 * time-based position (ms × 1000 + index within one append), so two appends in the same millisecond
 * still list in the order they were made.
 */
export function firstItemSeq(now: number, lastSeq: number | null | undefined): number {
  return Math.max(now * 1000, (lastSeq ?? -1) + 1);
}
