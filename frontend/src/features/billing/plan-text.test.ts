import { PLANS } from '@frameforge/functions/contracts/plans';
import { resources } from '../../locales/resources';
import { formatPrice, isDetailId, isFeatureId } from './plan-text';

const languages = Object.keys(resources) as (keyof typeof resources)[];

function text(group: object, id: string): string {
  return Object.hasOwn(group, id) ? String((group as Record<string, unknown>)[id]) : '';
}

describe('plan texts', () => {
  it.each(PLANS.map((plan) => [plan.name, plan] as const))('%s: every feature and detail id is translated in every language', (_name, plan) => {
    for (const id of plan.features) {
      expect(isFeatureId(id)).toBe(true);
      for (const lng of languages) expect(text(resources[lng].subscription.features, id).trim()).not.toBe('');
    }
    for (const id of plan.detailedFeatures) {
      expect(isDetailId(id)).toBe(true);
      for (const lng of languages) expect(text(resources[lng].subscription.details, id).trim()).not.toBe('');
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
