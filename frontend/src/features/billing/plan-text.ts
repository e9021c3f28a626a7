import en from '../../locales/en/subscription.json';

export type FeatureId = keyof typeof en.features;
export type DetailId = keyof typeof en.details;

// The catalogue lists ids as plain strings; these guards turn them into typed translation keys.
export function isFeatureId(id: string): id is FeatureId {
  return Object.hasOwn(en.features, id);
}

export function isDetailId(id: string): id is DetailId {
  return Object.hasOwn(en.details, id);
}

/** A monthly price in the reader's own currency format. */
export function formatPrice(amount: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(amount);
}
