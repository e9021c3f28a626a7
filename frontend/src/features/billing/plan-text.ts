import type { i18n as I18n } from 'i18next';
import type en from '../../locales/en/subscription.json';

// Types only: the texts themselves come from the active language's loaded namespace.
export type FeatureId = keyof typeof en.features;
export type DetailId = keyof typeof en.details;

type TextLookup = Pick<I18n, 'exists'>;

// The catalogue lists ids as plain strings; these guards turn them into typed translation keys.
export function isFeatureId(id: string, i18n: TextLookup): id is FeatureId {
  return isPlainId(id) && i18n.exists(`subscription:features.${id}`);
}

export function isDetailId(id: string, i18n: TextLookup): id is DetailId {
  return isPlainId(id) && i18n.exists(`subscription:details.${id}`);
}

// A dot would reach into a nested key rather than name one text.
function isPlainId(id: string): boolean {
  return /^[A-Za-z0-9_-]+$/.test(id);
}

/** A monthly price in the reader's own currency format. */
export function formatPrice(amount: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(amount);
}
