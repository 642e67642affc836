/** The seed's limit for loading one lazily loaded part of the app. */
export const LAZY_LOAD_TIMEOUT_MS = 120_000

/** A lazily loaded part of the app did not arrive: it failed or took longer than the time-out. */
export class LazyLoadError extends Error {
  override readonly name = 'LazyLoadError'

  constructor(
    readonly reason: 'timeout' | 'failed',
    options?: { cause?: unknown },
  ) {
    super(reason === 'timeout' ? 'Loading part of the app timed out' : 'Loading part of the app failed', options)
  }
}

/** Whether an error means code could not be loaded, so a reload (not a code fix) is the remedy. */
export function isLazyLoadError(error: unknown): error is LazyLoadError {
  return error instanceof LazyLoadError
}

/**
 * Run `load` (typically `() => import('./x')`) and settle with its result, or reject with a
 * LazyLoadError when it fails or has not settled within `timeoutMs`.
 */
export function loadWithTimeout<T>(load: () => Promise<T>, timeoutMs: number = LAZY_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new LazyLoadError('timeout')), timeoutMs)
    let loading: Promise<T>
    try {
      loading = load()
    } catch (cause) {
      clearTimeout(timer)
      reject(new LazyLoadError('failed', { cause }))
      return
    }
    loading.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (cause: unknown) => {
        clearTimeout(timer)
        reject(new LazyLoadError('failed', { cause }))
      },
    )
  })
}
