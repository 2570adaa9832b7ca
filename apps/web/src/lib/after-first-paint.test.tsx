import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterFirstPaint } from './after-first-paint';

describe('the later part of a page', () => {
  it('renders the later part of a page only once its first part is shown', async () => {
    function Page({ ready }: { ready: boolean }) {
      const later = useAfterFirstPaint(ready);
      return (
        <>
          <h1>{ready ? 'Welcome' : 'Loading'}</h1>
          {later ? <p>The cards</p> : null}
        </>
      );
    }
    const { rerender } = render(<Page ready={false} />);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Not painted yet: what is on the screen is the loading state.
    expect(screen.queryByText('The cards')).toBeNull();

    rerender(<Page ready />);
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.queryByText('The cards')).toBeNull();
    expect(await screen.findByText('The cards')).toBeInTheDocument();
  });
});
