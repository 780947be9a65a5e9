import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import ModerationScreen from '@/screens/moderation/ModerationScreen';
import SettingsTab from '@/screens/profile/SettingsTab';
import { reportReachable, reportUnreachable } from '@/sync/api/connectivity';
import { fakeServer, makeUser, renderScreen, signedInAs, type FakeServer } from '../harness';

let server: FakeServer;
const moderator = makeUser({ id: 1, first_name: 'Mo', is_moderator: true });

const report = (overrides: Record<string, unknown> = {}) => ({
  id: 10,
  target_type: 'product',
  target_id: 5,
  reason: 'scam',
  details: '',
  status: 'open',
  created_at: '2027-03-10T09:00:00.000Z',
  resolved_at: null,
  reporter: { id: 20, name: 'Ada Buyer' },
  reports_count: 1,
  target: {
    id: 5,
    name: 'Cheap iPhone 15',
    thumbnail_url: null,
    supplier: { id: 9, name: 'Lagos Gadgets' },
    is_hidden: false,
    moderation_reason: null,
  },
  resolution: null,
  ...overrides,
});
const pageOf = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

// The account reported twice comes after the product in the server's page: the queue puts the most-reported first.
const userTarget = { id: 30, name: 'Spam Seller', user_type: 'SUPPLIER', is_suspended: false };
const queue = [
  report({ id: 10 }),
  report({
    id: 11,
    target_type: 'user',
    target_id: 30,
    reason: 'spam',
    details: 'Sends the same link to everyone.',
    reports_count: 2,
    target: userTarget,
  }),
  report({
    id: 12,
    target_type: 'user',
    target_id: 30,
    reason: 'scam',
    details: 'Asked me to pay outside the app.',
    reporter: { id: 21, name: 'Bola Buyer' },
    reports_count: 2,
    target: userTarget,
  }),
];

const verification = {
  id: 3,
  supplier: { id: 9, name: 'Lagos Agro Foods Ltd' },
  registry: 'CAC',
  registry_number: 'RC1234567',
  document: '/media/cert.png',
  status: 'pending',
  reason: '',
  created_at: '2027-03-10T09:00:00.000Z',
  decided_at: null,
};

beforeEach(() => {
  server = fakeServer();
});
afterEach(() => reportReachable());

const open = () => renderScreen(<ModerationScreen />, { path: '/moderation' });
const cards = async () => within(await screen.findByRole('list', { name: 'Open reports' }, { timeout: 15_000 })).getAllByRole('article');

describe('moderation (docs/product.md#trust-and-safety)', () => {
  it('groups the open reports by target, most-reported first, with every reporter’s reason and words', async () => {
    signedInAs(server, moderator);
    server.on('GET /api/moderation/reports/', { body: pageOf(queue) });
    open();
    const [first, second] = await cards();
    expect(within(first).getByRole('heading', { level: 3 }).textContent).toBe('Spam Seller');
    expect(within(first).getByText('2 reports')).toBeTruthy();
    expect(within(first).getByText('Sends the same link to everyone.')).toBeTruthy();
    expect(within(first).getByText('Asked me to pay outside the app.')).toBeTruthy();
    expect(within(first).getByText('Spam')).toBeTruthy();
    expect(within(first).getByText('Scam or fraud')).toBeTruthy();
    // An account can be suspended but not hidden; a product can be both.
    expect(within(first).queryByLabelText(/^Hide/)).toBeNull();
    expect(within(first).getByLabelText('Suspend the account')).toBeTruthy();
    expect(within(second).getByRole('heading', { level: 3 }).textContent).toBe('Cheap iPhone 15');
    expect(within(second).getByLabelText('Hide the product')).toBeTruthy();
    expect(within(second).getByLabelText("Suspend the supplier's account")).toBeTruthy();
    expect(server.callsTo('GET /api/moderation/reports/')[0].query.get('status')).toBe('open');
  }, 30_000);

  it('resolving needs a reason, then resolves the target’s reports with the chosen action and drops the card', async () => {
    signedInAs(server, moderator);
    server.on('GET /api/moderation/reports/', { body: pageOf(queue) });
    server.on('POST /api/moderation/reports/11/resolve/', { body: { ...queue[1], status: 'resolved' } });
    const { user } = open();
    const [first] = await cards();
    await user.click(within(first).getByLabelText('Suspend the account'));
    await user.click(within(first).getByRole('button', { name: 'Resolve' }));
    expect(within(first).getByText('Give a reason: the reporters and the author are told it.')).toBeTruthy();
    expect(server.callsTo('POST /api/moderation/reports/11/resolve/')).toHaveLength(0);

    await user.type(within(first).getByLabelText('Reason (required)'), 'Scam links sent to many buyers.');
    await user.click(within(first).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(screen.queryByText('Spam Seller')).toBeNull());
    expect(server.callsTo('POST /api/moderation/reports/11/resolve/')[0].body).toEqual({
      action: 'suspend',
      reason: 'Scam links sent to many buyers.',
    });
    expect(await cards()).toHaveLength(1);
  }, 30_000);

  it('a hidden product’s appeal offers to show it again, with a required reason, and the queue is read again', async () => {
    signedInAs(server, moderator);
    const appeal = report({
      id: 14,
      reason: 'appeal',
      details: 'I have the invoice.',
      reporter: { id: 9, name: 'Lagos Gadgets' },
      target: { ...report().target, is_hidden: true, moderation_reason: 'Counterfeit' },
    });
    server.on('GET /api/moderation/reports/', { body: pageOf([appeal]) });
    server.on('POST /api/moderation/products/5/restore/', () => {
      server.on('GET /api/moderation/reports/', { body: pageOf([]) });
      return { body: {} };
    });
    const { user } = open();
    const [card] = await cards();
    expect(within(card).getByText('Appeal by the supplier')).toBeTruthy();
    // Already hidden: not hidden again, but shown again.
    expect(within(card).queryByLabelText('Hide the product')).toBeNull();
    await user.click(within(card).getByLabelText('Show the product again'));
    await user.click(within(card).getByRole('button', { name: 'Resolve' }));
    expect(within(card).getByText('Give a reason: the reporters and the author are told it.')).toBeTruthy();
    expect(server.callsTo('POST /api/moderation/products/5/restore/')).toHaveLength(0);
    await user.type(within(card).getByLabelText('Reason (required)'), 'Invoice checked.');
    await user.click(within(card).getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('No open reports. The queue is clear.')).toBeTruthy();
    expect(server.callsTo('POST /api/moderation/products/5/restore/')[0].body).toEqual({ reason: 'Invoice checked.' });
  }, 30_000);

  it('a suspended account’s card offers to lift the suspension, with a required reason', async () => {
    signedInAs(server, moderator);
    const suspended = { ...userTarget, is_suspended: true };
    server.on('GET /api/moderation/reports/', { body: pageOf([report({ ...queue[1], reports_count: 1, target: suspended })]) });
    server.on('POST /api/moderation/users/30/reinstate/', () => {
      server.on('GET /api/moderation/reports/', { body: pageOf([report({ ...queue[1], reports_count: 1, target: userTarget })]) });
      return { body: { id: 30, is_suspended: false } };
    });
    const { user } = open();
    const [card] = await cards();
    expect(within(card).queryByLabelText('Suspend the account')).toBeNull();
    await user.click(within(card).getByLabelText('Lift the suspension'));
    await user.type(within(card).getByLabelText('Reason (required)'), 'Identity confirmed by phone.');
    await user.click(within(card).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(server.callsTo('POST /api/moderation/users/30/reinstate/')).toHaveLength(1));
    expect(server.callsTo('POST /api/moderation/users/30/reinstate/')[0].body).toEqual({ reason: 'Identity confirmed by phone.' });
    // Read again: the account can be suspended again, and is no longer offered a reinstatement.
    await waitFor(async () => expect(within((await cards())[0]).getByLabelText('Suspend the account')).toBeTruthy());
    expect(screen.queryByLabelText('Lift the suspension')).toBeNull();
  }, 30_000);

  it('a card’s history shows the target’s earlier, resolved reports and the actions taken on it', async () => {
    signedInAs(server, moderator);
    server.on('GET /api/moderation/reports/', { body: pageOf([queue[0]]) });
    server.on('GET /api/moderation/reports/10/', {
      body: {
        ...queue[0],
        history: {
          reports: [
            {
              id: 10,
              reporter: { id: 20, name: 'Ada Buyer' },
              reason: 'scam',
              details: '',
              status: 'open',
              created_at: '2027-03-10T09:00:00.000Z',
            },
            {
              id: 4,
              reporter: { id: 22, name: 'Chike Buyer' },
              reason: 'counterfeit',
              details: 'Fake box.',
              status: 'resolved',
              created_at: '2027-02-01T09:00:00.000Z',
            },
          ],
          actions: [
            {
              id: 2,
              action: 'restore',
              target_type: 'product',
              target_id: 5,
              reason: 'Invoice checked',
              moderator: { id: 1, name: 'Mo' },
              created_at: '2027-02-03T09:00:00.000Z',
            },
            {
              id: 1,
              action: 'hide',
              target_type: 'product',
              target_id: 5,
              reason: 'Looks fake',
              moderator: { id: 1, name: 'Mo' },
              created_at: '2027-02-02T09:00:00.000Z',
            },
          ],
        },
      },
    });
    const { user } = open();
    const [card] = await cards();
    expect(server.callsTo('GET /api/moderation/reports/10/')).toHaveLength(0);
    await user.click(within(card).getByText('History'));
    const actions = await within(card).findByRole('list', { name: 'Actions taken' });
    expect(
      within(actions)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('strong')?.textContent),
    ).toEqual(['Shown again', 'Hidden']);
    expect(actions.textContent).toContain('Looks fake');
    const earlier = within(card).getByRole('list', { name: 'Earlier reports' });
    // The open report is the card's own; only the earlier one is history.
    expect(within(earlier).getAllByRole('listitem')).toHaveLength(1);
    expect(earlier.textContent).toContain('Chike Buyer');
    expect(earlier.textContent).toContain('Resolved');
    expect(earlier.textContent).toContain('Fake box.');
  }, 30_000);

  it('a refused resolution says why and keeps the card', async () => {
    signedInAs(server, moderator);
    server.on('GET /api/moderation/reports/', { body: pageOf([queue[0]]) });
    server.on('POST /api/moderation/reports/10/resolve/', {
      status: 403,
      body: { detail: 'You do not have permission to perform this action.' },
    });
    const { user } = open();
    const [card] = await cards();
    await user.type(within(card).getByLabelText('Reason (required)'), 'Fine.');
    await user.click(within(card).getByRole('button', { name: 'Resolve' }));
    expect(await within(card).findByText('You do not have permission to perform this action.')).toBeTruthy();
    expect(screen.getByText('Cheap iPhone 15')).toBeTruthy();
  }, 30_000);

  it('approves a verification request, and rejects only with a reason', async () => {
    signedInAs(server, moderator);
    server.on('GET /api/moderation/reports/', { body: pageOf([]) });
    server.on('GET /api/moderation/verifications/', {
      body: pageOf([verification, { ...verification, id: 4, supplier: { id: 8, name: 'Dakar Textiles' } }]),
    });
    server.on('POST /api/moderation/verifications/3/approve/', { body: { ...verification, status: 'approved' } });
    server.on('POST /api/moderation/verifications/4/reject/', { body: { ...verification, id: 4, status: 'rejected' } });
    const { user } = open();
    expect(await screen.findByText('No open reports. The queue is clear.', {}, { timeout: 15_000 })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Verification' }));
    const list = await screen.findByRole('list', { name: 'Verification requests' });
    expect(server.callsTo('GET /api/moderation/verifications/')[0].query.get('status')).toBe('pending');
    const [agro, dakar] = within(list).getAllByRole('article');
    await user.click(within(agro).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByText('Lagos Agro Foods Ltd')).toBeNull());

    await user.click(within(dakar).getByRole('button', { name: 'Reject…' }));
    await user.click(within(dakar).getByRole('button', { name: 'Reject with this reason' }));
    expect(within(dakar).getByText('Give a reason: the supplier reads it and can send a corrected request.')).toBeTruthy();
    await user.type(within(dakar).getByLabelText('Reason for rejecting (required)'), 'The certificate is unreadable.');
    await user.click(within(dakar).getByRole('button', { name: 'Reject with this reason' }));
    expect(await screen.findByText('No verification requests are waiting.')).toBeTruthy();
    expect(server.callsTo('POST /api/moderation/verifications/4/reject/')[0].body).toEqual({ reason: 'The certificate is unreadable.' });
  }, 30_000);

  it('offline, it says moderation needs a connection and sends nothing', async () => {
    signedInAs(server, moderator);
    server.on('GET /api/moderation/reports/', { body: pageOf(queue) });
    const { user } = open();
    const [first] = await cards();
    reportUnreachable();
    expect(await screen.findByText(/You are offline: moderation needs a connection/)).toBeTruthy();
    await user.type(within(first).getByLabelText('Reason (required)'), 'Spam.');
    expect((within(first).getByRole('button', { name: 'Resolve' }) as HTMLButtonElement).disabled).toBe(true);
  }, 30_000);

  it('the action log lists who did what, and why', async () => {
    signedInAs(server, moderator);
    server.on('GET /api/moderation/reports/', { body: pageOf([]) });
    server.on('GET /api/moderation/actions/', {
      body: pageOf([
        {
          id: 7,
          action: 'hide',
          target_type: 'product',
          target_id: 5,
          reason: 'Counterfeit phones.',
          moderator: { id: 1, name: 'Mo Derator' },
          created_at: '2027-03-12T09:00:00.000Z',
        },
      ]),
    });
    const { user } = open();
    await user.click(await screen.findByRole('tab', { name: 'Action log' }, { timeout: 15_000 }));
    const log = await screen.findByRole('list', { name: 'Action log' });
    expect(within(log).getByText('Hidden')).toBeTruthy();
    expect(within(log).getByText('Product #5')).toBeTruthy();
    expect(within(log).getByText('Counterfeit phones.')).toBeTruthy();
    expect(within(log).getByText(/^Mo Derator, /)).toBeTruthy();
  }, 30_000);

  it('anyone but a moderator gets the 404 and no call is made; only moderators see the way in', async () => {
    signedInAs(server, makeUser({ id: 2 }));
    open();
    expect(await screen.findByRole('heading', { name: '404: Page Not Found' })).toBeTruthy();
    expect(server.callsTo('GET /api/moderation/reports/')).toHaveLength(0);
  });

  it('Settings shows a moderator the way to moderation', async () => {
    signedInAs(server, moderator);
    server.on('GET /api/me/blocked/', { body: pageOf([]) });
    renderScreen(<SettingsTab />, { path: '/profile' });
    expect((await screen.findByRole('link', { name: 'Open moderation' })).getAttribute('href')).toBe('/moderation');
  });
});
