import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './Button';

interface Props {
  /** What failed, for the message ("the reader"). */
  label: string;
  children: ReactNode;
  onRetry?: () => void;
}

/** Catches render errors of one area and offers a retry, so one failure never blanks the page. */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[verba] ${this.props.label} failed`, error, info.componentStack);
  }

  private retry = () => {
    this.setState({ error: null });
    this.props.onRetry?.();
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return <ErrorNotice title={`Something went wrong in ${this.props.label}.`} onRetry={this.retry} />;
  }
}

export function ErrorNotice({ title, detail, onRetry }: { title: string; detail?: string; onRetry?: () => void }) {
  return (
    <div className="vk-error" role="alert">
      <p className="vk-error__title">{title}</p>
      {detail ? <p className="vk-error__detail">{detail}</p> : null}
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}

/** The failed state of a query, if it failed: `title` says what could not be loaded, with the error and a retry. */
export function QueryErrorNotice({
  query,
  title,
}: {
  query: { isError: boolean; error: Error | null; refetch: () => unknown };
  title: string;
}) {
  if (!query.isError) return null;
  return <ErrorNotice title={title} detail={query.error?.message} onRetry={() => void query.refetch()} />;
}
