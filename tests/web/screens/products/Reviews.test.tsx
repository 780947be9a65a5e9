import { afterEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import ReviewsSection from '@/screens/products/ReviewsSection';
import { useSyncEngine } from '@/queries/useSyncEngine';
import { reportReachable } from '@/sync/api/connectivity';
import { fakeServer, makeUser, renderScreen, signedInAs, type FakeServer } from '../harness';
import { ENGINE_ROUTES, makeReview, page, reviewer, SELLER_ID } from './fixtures';

function Shell({ children }: { children: ReactNode }) {
  useSyncEngine();
  return <>{children}</>;
}

const BUYER_ID = 7;
const theirs = makeReview();
const mine = makeReview({ id: 40, rating: 4, comment: 'Good value.', reviewer: reviewer(BUYER_ID, 'Ada') });

afterEach(() => reportReachable());

function reviewServer(reviews = [theirs]): FakeServer {
  return fakeServer({ ...ENGINE_ROUTES, 'GET /api/products/5/reviews/': { body: page(reviews) } });
}

const renderReviews = () =>
  renderScreen(
    <Shell>
      <ReviewsSection productId={5} />
    </Shell>,
  );
const form = () => screen.queryByRole('form', { name: 'Write a review' });

async function asBuyer(server: FakeServer) {
  signedInAs(server, makeUser({ id: BUYER_ID }));
  const result = renderReviews();
  await waitFor(() => expect(server.callsTo('GET /api/me/')).toHaveLength(1));
  return result;
}

describe('the review form (docs/product.md#screens, #validation-rules, #roles-and-permissions)', () => {
  it('is not shown to guests, who are pointed to the login', async () => {
    reviewServer();
    renderReviews();
    expect(await screen.findByText('Very good garri, well packed.')).toBeTruthy();
    expect(form()).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('is not shown to suppliers', async () => {
    const server = reviewServer();
    signedInAs(server, makeUser({ id: SELLER_ID, user_type: 'SUPPLIER' }));
    renderReviews();
    await waitFor(() => expect(server.callsTo('GET /api/me/')).toHaveLength(1));
    expect(await screen.findByText('Very good garri, well packed.')).toBeTruthy();
    expect(form()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit review' })).toBeNull();
  });

  it('requires a star rating and sends nothing without one', async () => {
    const server = reviewServer();
    const { user } = await asBuyer(server);
    await user.type(await screen.findByLabelText('Comment (optional)'), 'Nice');
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    const stars = screen.getByRole('radiogroup', { name: 'Your rating' });
    expect(document.getElementById(stars.getAttribute('aria-describedby')!)?.textContent).toBe('Please select a star rating.');
    expect(stars.getAttribute('aria-invalid')).toBe('true');
    expect(server.callsTo('POST /api/products/5/reviews/')).toHaveLength(0);
  });

  it('sends the rating and comment, then shows a notice instead of the form', async () => {
    const server = reviewServer();
    server.on('POST /api/products/5/reviews/', (call) => ({
      status: 201,
      body: { ...mine, id: 41, comment: (call.body as { comment: string }).comment, rating: (call.body as { rating: number }).rating },
    }));
    const { user } = await asBuyer(server);
    await user.click(await screen.findByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByLabelText('Comment (optional)'), 'Fresh and dry.');
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    await waitFor(() => expect(server.callsTo('POST /api/products/5/reviews/')).toHaveLength(1));
    expect(server.callsTo('POST /api/products/5/reviews/')[0].body).toMatchObject({
      rating: 4,
      comment: 'Fresh and dry.',
      client_id: expect.any(String),
    });
    expect(await screen.findByText('Thank you! You have reviewed this product.')).toBeTruthy();
    expect(form()).toBeNull();
    expect(screen.getByText('Fresh and dry.')).toBeTruthy();
    expect(screen.getByText('Ada (you)')).toBeTruthy();
  });

  it('shows a review written offline as pending on the device', async () => {
    const server = reviewServer();
    server.on('POST /api/products/5/reviews/', { status: 0 });
    const { user } = await asBuyer(server);
    await user.click(await screen.findByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('Saved on this device; it will be sent when the connection allows.')).toBeTruthy();
    expect(form()).toBeNull();
    expect(screen.getByText('Ada (you)')).toBeTruthy();
    expect(screen.queryByText('Thank you! You have reviewed this product.')).toBeNull();
  });

  it("shows the server's 'already reviewed' answer as is, with retry and discard", async () => {
    const server = reviewServer();
    server.on('POST /api/products/5/reviews/', { status: 400, body: { detail: 'You have already submitted a review for this product.' } });
    const { user } = await asBuyer(server);
    await user.click(await screen.findByRole('radio', { name: '3 stars' }));
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('You have already submitted a review for this product.')).toBeTruthy();
    expect(screen.getByText('Not sent.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(server.callsTo('POST /api/products/5/reviews/')).toHaveLength(2));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(await screen.findByRole('form', { name: 'Write a review' })).toBeTruthy();
    expect(screen.queryByText('Ada (you)')).toBeNull();
  });

  it('is replaced by the notice for a buyer who already reviewed', async () => {
    const server = reviewServer([mine, theirs]);
    await asBuyer(server);
    expect(await screen.findByText('Thank you! You have reviewed this product.')).toBeTruthy();
    expect(form()).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Reviews (2)' })).toBeTruthy();
  });
});

describe("editing one's own review inline (docs/product.md#screens)", () => {
  it('saves the new comment', async () => {
    const server = reviewServer([mine, theirs]);
    server.on('PATCH /api/products/5/reviews/40/', (call) => ({ body: { ...mine, comment: (call.body as { comment: string }).comment } }));
    const { user } = await asBuyer(server);
    const item = (await screen.findByText('Ada (you)')).closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Edit' }));
    const box = within(item).getByRole('textbox', { name: 'Edit your comment' });
    expect((box as HTMLTextAreaElement).value).toBe('Good value.');
    await user.clear(box);
    await user.type(box, 'Good value, fast delivery.');
    await user.click(within(item).getByRole('button', { name: 'Save' }));
    expect(await within(item).findByText('Good value, fast delivery.')).toBeTruthy();
    await waitFor(() => expect(server.callsTo('PATCH /api/products/5/reviews/40/')).toHaveLength(1));
    expect(server.callsTo('PATCH /api/products/5/reviews/40/')[0].body).toEqual({ comment: 'Good value, fast delivery.' });
    await waitFor(() => expect(within(item).getByRole('button', { name: 'Edit' })).toBeTruthy());
  });

  it('cancel keeps the old comment and sends nothing', async () => {
    const server = reviewServer([mine, theirs]);
    const { user } = await asBuyer(server);
    const item = (await screen.findByText('Ada (you)')).closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Edit' }));
    await user.type(within(item).getByRole('textbox'), ' Changed my mind');
    await user.click(within(item).getByRole('button', { name: 'Cancel' }));
    expect(within(item).getByText('Good value.')).toBeTruthy();
    expect(within(item).queryByRole('textbox')).toBeNull();
    expect(server.callsTo('PATCH /api/products/5/reviews/40/')).toHaveLength(0);
  });

  it('saving an unchanged comment closes the editor without sending', async () => {
    const server = reviewServer([mine, theirs]);
    const { user } = await asBuyer(server);
    const item = (await screen.findByText('Ada (you)')).closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Edit' }));
    await user.click(within(item).getByRole('button', { name: 'Save' }));
    expect(within(item).queryByRole('textbox')).toBeNull();
    expect(server.callsTo('PATCH /api/products/5/reviews/40/')).toHaveLength(0);
  });

  it("offers no edit on other people's reviews", async () => {
    const server = reviewServer([mine, theirs]);
    await asBuyer(server);
    const item = (await screen.findByText('Fatou')).closest('li')!;
    expect(within(item).queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
