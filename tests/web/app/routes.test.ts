import { describe, expect, it } from 'vitest';
import { ROUTES } from '@/app/routes';

describe('the app routes', () => {
  it("opens a request for quotation from its notification's link, links stored before /requests/ included", () => {
    const screenOf = (path: string) => ROUTES.find((r) => r.path === path)?.screen;
    expect(screenOf('/requests/:id')).toBeDefined();
    expect(screenOf('/rfqs/:id')).toBe(screenOf('/requests/:id'));
  });
});
