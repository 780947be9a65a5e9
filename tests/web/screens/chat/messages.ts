import type { MessageRow } from '@/db/db';
import type { Conversation } from '@/shared/chat';
import type { UserSummary } from '@/shared/types';

/** Test data in the API's shapes. */
export function message(overrides: Partial<MessageRow> = {}): MessageRow {
  return {
    id: 1,
    conversation: 5,
    sender: { id: 7 },
    text: 'Hello',
    image_url: null,
    price: null,
    timestamp: '2026-03-01T10:00:00Z',
    client_id: null,
    ...overrides,
  };
}

export const buyerSummary: UserSummary = {
  id: 7,
  first_name: 'Ada',
  user_type: 'BUYER',
  date_joined: '2025-01-02T10:00:00Z',
  supplier_profile: null,
  buyer_profile: { name: 'Ada Obi', logo_url: null, interested_categories: [] },
  profile: null,
};

export const supplierSummary: UserSummary = {
  id: 9,
  first_name: 'Kemal',
  user_type: 'SUPPLIER',
  date_joined: '2025-01-02T10:00:00Z',
  buyer_profile: null,
  supplier_profile: { company_name: 'Kemal Tekstil', about: '', logo_url: '/media/logo.png', is_verified: true, industries: [] },
  profile: null,
};

export function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: 5,
    participants: [buyerSummary, supplierSummary],
    product: { id: 3, name: 'Cotton towels', price: '20.00', thumbnail_url: null },
    last_message_timestamp: '2026-03-01T10:00:00Z',
    created_at: '2026-03-01T09:00:00Z',
    unread_messages_count: 0,
    last_message: { text: 'Hello', price: null, image_url: null, timestamp: '2026-03-01T10:00:00Z', sender: { id: 9 } },
    ...overrides,
  };
}
