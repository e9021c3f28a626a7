import type { Language } from '../../../profiles/contracts/profile';

/** A counted noun per plural category of the language; `#` stands for the number. */
export type PluralForms = { other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;

/** Croatian and Russian have three forms and Arabic six: the language's own rules pick one. */
export function countOf(language: Language, count: number, forms: PluralForms): string {
  const form = forms[new Intl.PluralRules(language).select(count)] ?? forms.other;
  return form.replace('#', String(count));
}
