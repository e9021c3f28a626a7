import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import auth from '../../locales/en/auth.json';
import landing from '../../locales/en/landing.json';
import { renderScreen } from '../../testing/render-screen';
import { LandingPage } from './landing-page';
import { LoginPage } from './login-page';

async function openLanding() {
  const view = await renderScreen(
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/login" element={<LoginPage />} />
    </Routes>,
    { path: '/', namespaces: ['landing', 'auth', 'common'] },
  );
  await screen.findByRole('heading', { name: landing.hero.title });
  return view;
}

describe('landing page calls to action', () => {
  it.each([
    ['Get Started', landing.hero.getStarted],
    ['Create Free Account', landing.cta.createFreeAccount],
  ])('%s opens the sign-up form', async (_, name) => {
    const { user } = await openLanding();
    await user.click(screen.getByRole('button', { name }));
    expect(await screen.findByRole('heading', { name: auth.signUp.title })).toBeInTheDocument();
  });

  it('Sign In opens the sign-in form', async () => {
    const { user } = await openLanding();
    await user.click(screen.getAllByRole('button', { name: landing.signIn })[0] as HTMLElement);
    expect(await screen.findByRole('heading', { name: auth.signIn.title })).toBeInTheDocument();
  });
});
