import type { Language } from '../../../profiles/contracts/profile';

/** One e-mail's fixed parts: what the subject, heading, button and small print say. */
export interface AuthEmailTexts {
  subject: string;
  title: string;
  lead: string;
  action: string;
  footnote: string;
}

/**
 * Every text the product's e-mails show, in one language. Texts that carry
 * figures or names are functions, so each language orders and inflects them
 * itself; product, plan names, codes and numbers are passed in unchanged.
 */
export interface EmailTexts {
  /** The BCP 47 locale for dates in this language (Latin digits everywhere, like the portal). */
  dateLocale: string;
  usageAlert: {
    title: string;
    rateSubject: (used: number, limit: number) => string;
    rateBody: (input: { used: number; limit: number; percent: number; plan: string }) => string;
    rateRefused: string;
    concurrencySubject: (plan: string, cap: number) => string;
    concurrencyBody: (plan: string, cap: number) => string;
    concurrencyQueued: string;
    topPlan: string;
    higherPlan: string;
    seePlan: string;
    upgradePlan: string;
    footnote: string;
  };
  jobFailure: {
    subject: (endpoint: string, taskId: string) => string;
    title: (endpoint: string) => string;
    taskId: (taskId: string) => string;
    whatWentWrong: (line: string) => string;
    unknownError: string;
    details: string;
    action: string;
    footnote: string;
  };
  subscription: {
    cancelledSubject: (plan: string) => string;
    cancelledTitle: (plan: string) => string;
    ended: (plan: string) => string;
    endsOn: (plan: string, end: string) => string;
    endedStays: string;
    renewBeforeEnd: string;
    choosePlan: string;
    manage: string;
    paymentSubject: string;
    paymentTitle: string;
    paymentBody: (plan: string) => string;
    paymentUpdate: string;
    updateCard: string;
    footnote: string;
  };
  accountDeleted: {
    subject: string;
    title: string;
    asAsked: (moment: string) => string;
    subscription: string;
    notYou: string;
    welcomeBack: string;
    action: string;
    footnote: string;
  };
  emailChanged: {
    subject: string;
    title: string;
    changed: (maskedAddress: string, moment: string) => string;
    fromNow: string;
    madeIt: string;
    didNot: string;
    action: string;
    footnote: string;
  };
  auth: {
    verify: AuthEmailTexts;
    reset: AuthEmailTexts;
    confirmNew: AuthEmailTexts;
  };
}

/** The writing direction of each language's e-mails. */
export const directionOf = (language: Language): 'rtl' | 'ltr' => (language === 'ar' ? 'rtl' : 'ltr');
