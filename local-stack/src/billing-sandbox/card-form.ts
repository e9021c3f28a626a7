import type { CardField, CardForm } from './cards';
import type { ParamReader } from './form-encoding';
import { html, type SafeHtml } from './html';

export const field = (id: string, label: string, value: string, attrs: SafeHtml, invalid: boolean): SafeHtml =>
  html`<label for="${id}">${label}</label><input id="${id}" name="${id}" value="${value}" aria-invalid="${invalid ? 'true' : 'false'}" ${attrs}>`;

/** The card inputs of the checkout page and the portal's card update, as Stripe's card element lays them out. */
export function cardFields(values: CardForm, invalid: (field: CardField) => boolean): SafeHtml {
  return html`${field('cardNumber', 'Card number', values.number, html`inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required`, invalid('number'))}
    <div class="row">
      <div>${field('cardExpiry', 'Expiry', values.expiry, html`autocomplete="cc-exp" placeholder="MM / YY" required`, invalid('expiry'))}</div>
      <div>${field('cardCvc', 'CVC', '', html`inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" required`, invalid('cvc'))}</div>
    </div>
    ${field('billingName', 'Cardholder name', values.name, html`autocomplete="cc-name" placeholder="Full name on card" required`, invalid('name'))}`;
}

export const readCardForm = (form: ParamReader): CardForm => ({
  number: form.string('cardNumber') ?? '',
  expiry: form.string('cardExpiry') ?? '',
  cvc: form.string('cardCvc') ?? '',
  name: form.string('billingName') ?? '',
});
