import i18next, { type i18n as I18n } from 'i18next';
import { PLANS } from '@frameforge/functions/kernel/contracts/plans';
import ar from '../../locales/ar/subscription.json';
import de from '../../locales/de/subscription.json';
import en from '../../locales/en/subscription.json';
import hr from '../../locales/hr/subscription.json';
import italian from '../../locales/it/subscription.json';
import ru from '../../locales/ru/subscription.json';
import { formatPrice, isDetailId, isFeatureId } from './plan-text';

// The app fetches one language's texts on demand; the test reads all six files directly.
const subscriptionTexts = { en, it: italian, de, hr, ru, ar };
const languages = Object.keys(subscriptionTexts) as (keyof typeof subscriptionTexts)[];

function text(group: object, id: string): string {
  return Object.hasOwn(group, id) ? String((group as Record<string, unknown>)[id]) : '';
}

// Each language on its own, with no fallback: a guard must see the active language's texts only.
function i18nFor(lng: keyof typeof subscriptionTexts): I18n {
  const instance = i18next.createInstance();
  void instance.init({ lng, fallbackLng: false, initAsync: false, resources: { [lng]: { subscription: subscriptionTexts[lng] } } });
  return instance;
}

describe('plan texts', () => {
  it.each(PLANS.map((plan) => [plan.name, plan] as const))('%s: every feature and detail id is translated in every language', (_name, plan) => {
    for (const lng of languages) {
      const i18n = i18nFor(lng);
      for (const id of plan.features) {
        expect(isFeatureId(id, i18n)).toBe(true);
        expect(text(subscriptionTexts[lng].features, id).trim()).not.toBe('');
      }
      for (const id of plan.detailedFeatures) {
        expect(isDetailId(id, i18n)).toBe(true);
        expect(text(subscriptionTexts[lng].details, id).trim()).not.toBe('');
      }
    }
  });

  it('rejects ids that have no text in the active language', () => {
    const i18n = i18nFor('de');
    expect(isFeatureId('teleportation', i18n)).toBe(false);
    expect(isDetailId('toString', i18n)).toBe(false);
    expect(isFeatureId('', i18n)).toBe(false);
    for (const id of Object.keys(en.features)) expect(isFeatureId(id, i18n)).toBe(true);
  });
});

describe('formatPrice', () => {
  it('formats euros the way each language writes them', () => {
    expect(formatPrice(10, 'en')).toBe('€10.00');
    expect(formatPrice(20, 'de').replace(/\s/g, ' ')).toBe('20,00 €');
    expect(formatPrice(100, 'it').replace(/\s/g, ' ')).toBe('100,00 €');
  });
});
