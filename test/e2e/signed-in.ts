import type { Page } from 'playwright-core';
import type { Tier } from '@frameforge/functions/kernel/contracts/plans';
import { portalConfigSchema } from '@frameforge/functions/kernel/contracts/portal-config';
import { confirmedUser, type TestUser } from '../support/billing';
import { testEndpoints } from '../support/endpoints';
import { textsOf, type Language } from './portal-texts';

const endpoints = testEndpoints();

/** A new confirmed user (see confirmedUser) already on a paid plan. */
export async function subscribedUser(prefix: string, tier: Tier): Promise<TestUser> {
  const user = await confirmedUser(endpoints, prefix);
  await user.client.subscribe(user.token, tier);
  return user;
}

/** The product API's address as the portal's own config hands it to the page, without a trailing slash. */
export async function configuredProductApiUrl(): Promise<string> {
  const config = portalConfigSchema.parse(await (await fetch(`${endpoints.portal}/config.json`)).json());
  return config.productApiUrl.replace(/\/+$/, '');
}

export interface SignInOptions {
  /** 'secret-pass', confirmedUser's, unless told. */
  password?: string;
  /** The language the form is shown in; English unless told. */
  language?: Language;
  /** The dashboard's language when it differs from the form's: the account's saved preference wins once signed in. */
  landsIn?: Language;
}

/** Signs in through the portal's form and waits for the dashboard it lands on. */
export async function signIn(on: Page, email: string, options: SignInOptions = {}): Promise<void> {
  const t = textsOf(options.language ?? 'en');
  await on.goto(`${endpoints.portal}/login`);
  await on.getByLabel(t.auth.email).fill(email);
  await on.getByLabel(t.auth.password, { exact: true }).fill(options.password ?? 'secret-pass');
  await on.getByRole('button', { name: t.auth.signIn.submit }).click();
  await on.getByRole('heading', { name: textsOf(options.landsIn ?? options.language ?? 'en').dashboard.title }).waitFor();
}
