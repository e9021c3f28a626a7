import { checkoutBannersOf, withoutBanner } from './checkout-banners';

describe('checkoutBannersOf', () => {
  it('shows the cancelled banner for canceled=true', () => {
    expect(checkoutBannersOf(new URLSearchParams('canceled=true'))).toEqual(['canceled']);
  });

  it('shows the success banner for success=true', () => {
    expect(checkoutBannersOf(new URLSearchParams('success=true&session_id=cs_1'))).toEqual(['success']);
  });

  it('shows nothing for other values or no parameters', () => {
    expect(checkoutBannersOf(new URLSearchParams(''))).toEqual([]);
    expect(checkoutBannersOf(new URLSearchParams('canceled=false&success=1'))).toEqual([]);
  });
});

describe('withoutBanner', () => {
  it('drops only the dismissed parameter and leaves the original untouched', () => {
    const params = new URLSearchParams('canceled=true&tab=plans');
    expect(withoutBanner(params, 'canceled').toString()).toBe('tab=plans');
    expect(params.toString()).toBe('canceled=true&tab=plans');
  });
});
