import { ValidationError } from '../../../kernel/domain/errors';

/** A webhook whose Stripe-Signature does not match its body (or is missing). */
export class InvalidSignatureError extends ValidationError {
  constructor(message = 'Invalid or missing Stripe signature.') {
    super(message, { param: 'Stripe-Signature' });
  }
}
