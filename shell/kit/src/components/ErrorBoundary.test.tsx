// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryErrorNotice } from './ErrorBoundary';

afterEach(() => cleanup());

describe('QueryErrorNotice', () => {
  it('shows nothing while the query has not failed', () => {
    const { container } = render(
      <QueryErrorNotice query={{ isError: false, error: null, refetch: vi.fn() }} title="The course could not be loaded." />,
    );
    expect(container.innerHTML).toBe('');
  });

  it('says what failed and why, and retries the query', () => {
    const refetch = vi.fn();
    render(
      <QueryErrorNotice
        query={{ isError: true, error: new Error('Service unavailable'), refetch }}
        title="The course could not be loaded."
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('The course could not be loaded.');
    expect(screen.getByRole('alert').textContent).toContain('Service unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
