import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen } from '@testing-library/react';
import Stars, { StarInput, starFills } from '@/components/Stars';
import { renderScreen } from '../screens/harness';

describe('star ratings (docs/product.md#constants: 5 stars, half star at .5 or more)', () => {
  it('fills whole stars and shows a half star from .5 of a star', () => {
    expect(starFills(3.5)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starFills(3.9)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starFills(3.49)).toEqual(['full', 'full', 'full', 'empty', 'empty']);
    expect(starFills(0)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(starFills(5)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(starFills(7)).toHaveLength(5);
  });

  it('is one image named with the rating and the review count', () => {
    const { container } = renderScreen(<Stars rating={4.5} count={12} />);
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5, 12 reviews' })).toBeTruthy();
    expect(container.querySelectorAll('.star--full')).toHaveLength(4);
    expect(container.querySelectorAll('.star--half')).toHaveLength(1);
    // Each star is drawn once (a grid shows hundreds): one svg, a shape per star and the half's fill.
    expect(container.querySelectorAll('svg')).toHaveLength(1);
    expect(container.querySelectorAll('path')).toHaveLength(6);
    expect(screen.getByText('(12)')).toBeTruthy();
  });
});

function Picker({ onChange = () => {}, error }: { onChange?: (n: number) => void; error?: string }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <StarInput
      value={value}
      onChange={(n) => {
        setValue(n);
        onChange(n);
      }}
      label="Your rating"
      error={error}
    />
  );
}

describe('the star picker of the review form', () => {
  it('is a radio group: click picks, arrow keys, Home and End move the choice', async () => {
    const picked = vi.fn();
    const { user } = renderScreen(<Picker onChange={picked} />);
    const group = screen.getByRole('radiogroup', { name: 'Your rating' });
    expect(group).toBeTruthy();
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(5);
    expect(radios.filter((r) => r.tabIndex === 0)).toHaveLength(1);

    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    expect(screen.getByRole('radio', { name: '3 stars' }).getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars' }).getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '4 stars' }));
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '2 stars' }).getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{End}');
    expect(screen.getByRole('radio', { name: '5 stars' }).getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{Home}');
    expect(screen.getByRole('radio', { name: '1 star' }).getAttribute('aria-checked')).toBe('true');
    expect(picked.mock.calls.map((c) => c[0])).toEqual([3, 4, 3, 2, 5, 1]);
  });

  it('ties its error to the group', () => {
    renderScreen(<Picker error="Please select a star rating." />);
    const group = screen.getByRole('radiogroup', { name: 'Your rating' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(group.getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe('Please select a star rating.');
  });
});
