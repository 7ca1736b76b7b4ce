// single-spa lifecycles for the shell. The kit ErrorBoundary keeps a render error inside this area.
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { ErrorBoundary } from '@verba/kit';
import { AdminApp } from './AdminApp';

function Root() {
  return (
    <ErrorBoundary label="the admin area">
      <AdminApp />
    </ErrorBoundary>
  );
}

const lifecycles = singleSpaReact({ React, ReactDOMClient, rootComponent: Root, suppressComponentDidCatchWarning: true });

export const { bootstrap, mount, unmount } = lifecycles;
