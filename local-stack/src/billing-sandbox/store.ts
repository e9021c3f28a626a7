import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type Stripe from 'stripe';
import type { LineInput } from './invoice-lines';

export const STATE_FILE = 'state.json';
const STATE_VERSION = 1;
/** Stripe forgets idempotency keys after 24 hours. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface Delivery {
  eventId: string;
  type: string;
  attempts: number;
  /** HTTP status of the last attempt; null before the first answer or when the connection failed. */
  lastStatus: number | null;
  lastError: string | null;
  delivered: boolean;
  /** Real time in milliseconds: retries wait in real time whatever the sandbox clock says. */
  nextAttemptAt: number;
}

/** What a checkout session carries that Stripe keeps off the session object itself. */
export interface CheckoutLine {
  price: string;
  quantity: number;
  subscriptionMetadata: Record<string, string>;
}

export interface IdempotentResult {
  /** Real time in milliseconds, for expiry. */
  at: number;
  fingerprint: string;
  status: number;
  body: string;
  requestId: string;
}

export interface SandboxState {
  version: number;
  /** Sandbox time at which the state was created: the catalogue's `created`. */
  createdAt: number;
  clockOffset: number;
  customers: Record<string, Stripe.Customer>;
  paymentMethods: Record<string, Stripe.PaymentMethod>;
  subscriptions: Record<string, Stripe.Subscription>;
  invoices: Record<string, Stripe.Invoice>;
  /** Prorations waiting for a subscription's next invoice (`proration_behavior=create_prorations`), by subscription id. */
  pendingLines: Record<string, LineInput[]>;
  checkoutSessions: Record<string, Stripe.Checkout.Session>;
  checkoutLines: Record<string, CheckoutLine>;
  portalSessions: Record<string, Stripe.BillingPortal.Session>;
  events: Record<string, Stripe.EventBase>;
  /** In the order the events were queued. */
  deliveries: Delivery[];
  idempotency: Record<string, IdempotentResult>;
}

const freshState = (): SandboxState => ({
  version: STATE_VERSION,
  createdAt: Math.floor(Date.now() / 1000),
  clockOffset: 0,
  customers: {},
  paymentMethods: {},
  subscriptions: {},
  invoices: {},
  pendingLines: {},
  checkoutSessions: {},
  checkoutLines: {},
  portalSessions: {},
  events: {},
  deliveries: [],
  idempotency: {},
});

/**
 * The whole sandbox as one JSON document, written to a temporary file renamed
 * over the old one, so a crash never leaves half a state. The changes of one
 * turn of the event loop are written together: a request saved two or three
 * times (its objects, its idempotent answer, its webhook's delivery), and
 * each save wrote the whole document, which grows with every request a test
 * run makes.
 */
export class SandboxStore {
  readonly state: SandboxState;
  private readonly file: string;
  private pending: NodeJS.Immediate | undefined;

  constructor(stateDir: string) {
    mkdirSync(stateDir, { recursive: true });
    this.file = join(stateDir, STATE_FILE);
    this.state = existsSync(this.file) ? this.load() : freshState();
    this.flush();
  }

  private load(): SandboxState {
    let loaded: Partial<SandboxState>;
    try {
      loaded = JSON.parse(readFileSync(this.file, 'utf8')) as Partial<SandboxState>;
    } catch (error) {
      // Starting over silently would lose every customer and subscription the local stack knows about.
      throw new Error(`The billing sandbox state ${this.file} cannot be read (${(error as Error).message}); delete it to start afresh.`);
    }
    if (loaded.version !== STATE_VERSION) throw new Error(`The billing sandbox state ${this.file} has an unknown version; delete it to start afresh.`);
    return { ...freshState(), ...loaded };
  }

  /** The state changed: it is written once this turn's other changes are in too. */
  save(): void {
    this.pending ??= setImmediate(() => this.flush());
  }

  /** Writes the state now (on stop, so nothing saved is left unwritten). */
  flush(): void {
    if (this.pending) clearImmediate(this.pending);
    this.pending = undefined;
    const cutoff = Date.now() - IDEMPOTENCY_TTL_MS;
    for (const [key, result] of Object.entries(this.state.idempotency)) {
      if (result.at < cutoff) delete this.state.idempotency[key];
    }
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.state));
    renameSync(temporary, this.file);
  }
}
