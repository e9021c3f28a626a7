import type { Language } from '../../../profiles/contracts/profile';
import { ar } from './ar';
import { de } from './de';
import type { EmailTexts } from './email-texts';
import { en } from './en';
import { hr } from './hr';
import { it } from './it';
import { ru } from './ru';

export type { AuthEmailTexts, EmailTexts } from './email-texts';
export { directionOf } from './email-texts';

/** Every language's catalog: a language without one is a compile error here. */
export const EMAIL_TEXTS: Record<Language, EmailTexts> = { en, it, de, hr, ru, ar };

export const emailTextsFor = (language: Language): EmailTexts => EMAIL_TEXTS[language];
