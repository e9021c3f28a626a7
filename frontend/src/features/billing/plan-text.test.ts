import { PLANS } from '@frameforge/functions/contracts/plans';
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

describe('plan texts', () => {
  it.each(PLANS.map((plan) => [plan.name, plan] as const))('%s: every feature and detail id is translated in every language', (_name, plan) => {
    for (const id of plan.features) {
      expect(isFeatureId(id)).toBe(true);
      for (const lng of languages) expect(text(subscriptionTexts[lng].features, id).trim()).not.toBe('');
    }
    for (const id of plan.detailedFeatures) {
      expect(isDetailId(id)).toBe(true);
      for (const lng of languages) expect(text(subscriptionTexts[lng].details, id).trim()).not.toBe('');
    }
  });

  it('rejects ids that have no text', () => {
    expect(isFeatureId('teleportation')).toBe(false);
    expect(isDetailId('toString')).toBe(false);
  });
});

describe('formatPrice', () => {
  it('formats euros the way each language writes them', () => {
    expect(formatPrice(10, 'en')).toBe('€10.00');
    expect(formatPrice(20, 'de').replace(/\s/g, ' ')).toBe('20,00 €');
    expect(formatPrice(100, 'it').replace(/\s/g, ' ')).toBe('100,00 €');
  });
});
