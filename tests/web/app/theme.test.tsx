import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initTheme } from '@/app/theme';
import { fakeApi, renderApp } from '../helpers';

const theme = () => document.documentElement.getAttribute('data-theme');

describe('the theme (docs/product.md#who-it-is-for)', () => {
  it('is dark when nothing is stored', async () => {
    fakeApi();
    initTheme();
    await renderApp('/');
    expect(theme()).toBe('dark');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeTruthy();
  });

  it('toggles and is saved under "theme"', async () => {
    fakeApi();
    initTheme();
    await renderApp('/');
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(theme()).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(theme()).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('uses the stored choice at start', async () => {
    localStorage.setItem('theme', 'light');
    fakeApi();
    initTheme();
    await renderApp('/');
    expect(theme()).toBe('light');
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeTruthy();
  });

  it('ignores a stored value that is not a theme', () => {
    localStorage.setItem('theme', 'neon');
    initTheme();
    expect(theme()).toBe('dark');
  });
});
