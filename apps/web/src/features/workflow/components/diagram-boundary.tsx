import { Component, type ReactNode } from 'react'

export interface DiagramBoundaryProps {
  /** What to show instead when the diagram's code did not load; `retry` renders the children again. */
  fallback: (retry: () => void) => ReactNode
  children: ReactNode
}

/** Keeps a failed lazy diagram inside the modal: the page and its table stay usable. */
export class DiagramBoundary extends Component<DiagramBoundaryProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override render() {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children
  }
}
