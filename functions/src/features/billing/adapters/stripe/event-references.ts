import type Stripe from 'stripe';

const idOf = (value: unknown): string | null => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') {
    return (value as { id: string }).id;
  }
  return null;
};

/**
 * The customer and subscription an event is about. Only ids are taken from
 * the event: the subscription itself is re-read from Stripe.
 */
export function eventReferences(event: Stripe.Event): { customerId: string | null; subscriptionId: string | null } {
  // The event types we handle carry one of three objects; each names its ids differently.
  const object = event.data.object as unknown as Record<string, unknown>;
  const customerId = idOf(object.customer);
  switch (object.object) {
    case 'subscription':
      return { customerId, subscriptionId: idOf(object.id) };
    case 'checkout.session':
      return { customerId, subscriptionId: idOf(object.subscription) };
    case 'invoice': {
      // Since 2025 an invoice names its subscription under parent.subscription_details.
      const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
      return { customerId, subscriptionId: idOf(parent?.subscription_details?.subscription ?? object.subscription) };
    }
    default:
      return { customerId, subscriptionId: null };
  }
}
