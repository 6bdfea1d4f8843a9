import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  // What to show instead of children that threw while rendering.
  fallback: ReactNode;
  // A new key (e.g. the next pathname) clears the error and tries the children again.
  resetKey?: unknown;
  children: ReactNode;
}

interface State {
  failed: boolean;
  resetKey: unknown;
}

// React catches a render error only in a class component. One broken widget or page must never blank
// the whole app: the boundary keeps the rest on screen and shows the fallback in its place.
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
