/**
 * A read that keeps a copy on the device (lib/offline/device-copy.ts, issue 23) without putting
 * IndexedDB's code in a screen's first paint: the copy's code is fetched beside the answer, never
 * before it. Should that code not arrive, the answer (or its failure) stands as it is.
 */
export function withLazyDeviceCopy<T>(
  owner: string | undefined,
  queryKey: readonly unknown[],
  answer: Promise<T>,
): Promise<T> {
  if (!owner) return answer
  // Handled here: a failure is the copy's cue, not an unhandled rejection while the code arrives.
  answer.catch(() => undefined)
  return import('./device-copy').then(
    (m) => m.withDeviceCopy(owner, queryKey, () => answer),
    () => answer,
  )
}
