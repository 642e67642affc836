import { Component, type ErrorInfo, type ReactNode } from 'react'

export interface ErrorBoundaryProps {
  /** What to show instead of the children once they threw; `reset` renders the children again. */
  fallback: (error: unknown, reset: () => void) => ReactNode
  /** A new value (the next address) clears the error and renders the children again. */
  resetKey?: unknown
  children: ReactNode
}

interface ErrorBoundaryState {
  error: unknown
  hasError: boolean
  resetKey: unknown
}

/**
 * Catches what its children throw while rendering (a screen's bug, a screen whose code did not
 * arrive) and shows `fallback` instead; the rest of the page keeps working.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: undefined, hasError: false, resetKey: this.props.resetKey }

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error, hasError: true }
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    // Reset in place rather than by remounting, so a pending screen keeps the previous one on view.
    return Object.is(props.resetKey, state.resetKey)
      ? null
      : { error: undefined, hasError: false, resetKey: props.resetKey }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (import.meta.env.DEV) console.error(error, info.componentStack)
  }

  private readonly reset = () => this.setState({ error: undefined, hasError: false })

  override render() {
    return this.state.hasError ? this.props.fallback(this.state.error, this.reset) : this.props.children
  }
}
