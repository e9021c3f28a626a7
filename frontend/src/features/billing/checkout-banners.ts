/** The query parameters Stripe's return URLs carry back to /subscription. */
export const CHECKOUT_BANNERS = ['canceled', 'success'] as const;
export type CheckoutBanner = (typeof CHECKOUT_BANNERS)[number];

/** Each banner shows while its parameter is 'true'; the parameter's name is the banner's. */
export function checkoutBannersOf(params: URLSearchParams): CheckoutBanner[] {
  return CHECKOUT_BANNERS.filter((banner) => params.get(banner) === 'true');
}

/** The query without a dismissed banner, so a reload or a shared link does not bring it back. */
export function withoutBanner(params: URLSearchParams, banner: CheckoutBanner): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(banner);
  return next;
}
