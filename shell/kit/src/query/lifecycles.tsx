import React, { type ComponentType, type ReactNode } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ErrorBoundary } from '@verba/kit';
import { queryClient } from './queries';

/** What every fragment root (and a fragment's component test) renders inside: the shared query cache. */
export function KitProviders({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/**
 * single-spa lifecycles for a fragment's root: the shared query cache around it and an error boundary
 * with retry, so a render error stays inside the fragment's area.
 */
export function fragmentLifecycles(App: ComponentType, label: string) {
  function Root() {
    return (
      <KitProviders>
        <ErrorBoundary label={label}>
          <App />
        </ErrorBoundary>
      </KitProviders>
    );
  }
  return singleSpaReact({ React, ReactDOMClient, rootComponent: Root, suppressComponentDidCatchWarning: true });
}
