import type { Conversation } from '@/shared/chat';
import type { UserSummary } from '@/shared/types';

/** The other side of a conversation as the viewer sees it (a buyer and a supplier, never two of a kind). */
export function otherParticipant(conversation: Pick<Conversation, 'participants'>, meId: number | undefined): UserSummary | undefined {
  return conversation.participants.find((p) => p.id !== meId) ?? conversation.participants[0];
}

/** A supplier by company name, a buyer by profile name, else the first name. */
export function displayName(person: UserSummary | undefined): string {
  return person?.supplier_profile?.company_name?.trim() || person?.buyer_profile?.name?.trim() || person?.first_name || '';
}

export function logoOf(person: UserSummary | undefined): string | null {
  return person?.supplier_profile?.logo_url || person?.buyer_profile?.logo_url || person?.profile?.logo_url || null;
}
