import { generateKeyPairSync } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { i18nProvider } from '../../providers/i18nProvider.ts';
import { readSession } from '../../providers/session.ts';
import { takeFlash } from '../../src/flash.ts';
import { StandaloneSignIn } from '../../src/pages/auth/StandaloneSignIn.tsx';
import { LoginRoute } from '../../src/pages/auth/LoginRoute.tsx';
import { currentBrand } from '../../brands/index.ts';

const later = (ms: number) => new Date(Date.now() + ms).toISOString();
const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
let loginBody: { username?: string; password?: string } | null = null;
const server = setupServer(
  http.get('*/api/auth/public-key', () =>
    HttpResponse.json({
      success: true,
      data: { algorithm: 'RSA-OAEP-256', publicKey: publicKey.export({ type: 'spki', format: 'pem' }) },
    }),
  ),
  http.post('*/api/auth/login', async ({ request }) => {
    loginBody = (await request.json()) as typeof loginBody;
    if (loginBody?.username !== '+919800000006') {
      return HttpResponse.json({ success: false, message: 'Incorrect username or password' }, { status: 401 });
    }
    return HttpResponse.json({
      success: true,
      message: 'Successfully logged in',
      data: {
        user: { id: 'u2', firstName: 'Neha', lastName: 'Gupta', email: 'n@x.in', phone: null },
        role: { name: 'DEALER', authScopes: [{ id: 'fitment' }] },
        token: {
          access: { token: 'fresh-access', expires: later(900_000) },
          refresh: { token: 'fresh-refresh', expires: later(86_400_000) },
        },
      },
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  loginBody = null;
});
afterEach(() => server.resetHandlers());

async function fillAndSubmit(username: string) {
  await userEvent.type(screen.getByLabelText('Email or Phone Number'), username);
  await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'Waymark@2026');
  await userEvent.click(screen.getByRole('checkbox'));
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

// the page of a visit to /auth/login: no router, no <Admin> (src/sign-in.tsx)
describe('the sign-in page on its own entry', () => {
  it("shows the spec's three messages for an empty form and sends nothing", async () => {
    render(<StandaloneSignIn next="/" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The username field is required')).toBeInTheDocument();
    expect(screen.getByText('The password field is required')).toBeInTheDocument();
    expect(screen.getByText('You must agree to our terms and conditions')).toBeInTheDocument();
    // a message goes as soon as its field is mended
    await userEvent.type(screen.getByLabelText('Email or Phone Number'), 'x');
    await waitFor(() => expect(screen.queryByText('The username field is required')).toBeNull());
    expect(loginBody).toBeNull();
  });

  it('signs in with a bare phone number as +91 and an encrypted password, keeping the session and the message for after the reload', async () => {
    render(<StandaloneSignIn next="/reports/alert" />);
    await screen.findByRole('button', { name: 'Sign in' });
    await fillAndSubmit('9800000006');
    await waitFor(() => expect(readSession()?.accessToken).toBe('fresh-access'));
    expect(loginBody?.username).toBe('+919800000006');
    expect(loginBody?.password).not.toBe('Waymark@2026');
    expect(takeFlash()).toBe('auth.loginSuccess');
  });

  it("shows the server's message on the form and keeps no session", async () => {
    render(<StandaloneSignIn next="/" />);
    await screen.findByRole('button', { name: 'Sign in' });
    await fillAndSubmit('9800000007');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect username or password');
    expect(readSession()).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('links to the other public pages by address', async () => {
    render(<StandaloneSignIn next="/" />);
    expect(await screen.findByRole('link', { name: 'Lost password?' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Renew Device Subscription' })).toHaveAttribute(
      'href',
      '/public/renewal-payment',
    );
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/public/contact-us');
  });
});

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

describe('the sign-in page inside the console', () => {
  it('follows its links through the router, without a reload', async () => {
    render(
      <MemoryRouter initialEntries={['/auth/login']}>
        <AdminContext i18nProvider={i18nProvider}>
          <Routes>
            <Route path="/auth/login" element={<LoginRoute />} />
            <Route path="/auth/forgot-password" element={<p>forgot</p>} />
          </Routes>
          <Where />
        </AdminContext>
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('link', { name: 'Lost password?' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/auth/forgot-password'));
    expect(screen.getByText('forgot')).toBeInTheDocument();
  });
});

// last in the file: the language it picks stays with the page's module-level store
describe('the sign-in page in Hindi', () => {
  it("shows the brand's promotional panel in the language the user picks", async () => {
    render(<StandaloneSignIn next="/" />);
    const panel = await screen.findByTestId('login-side-panel');
    const { en, hi } = currentBrand().loginPageText;
    expect(panel).toHaveTextContent(en.headline);
    await userEvent.click(screen.getByRole('button', { name: /English/i }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'हिन्दी' }));
    await waitFor(() => expect(screen.getByTestId('login-side-panel')).toHaveTextContent(hi.headline));
    for (const line of hi.lines) expect(screen.getByTestId('login-side-panel')).toHaveTextContent(line);
    expect(screen.getByTestId('login-side-panel')).not.toHaveTextContent(en.headline);
    // back to English: the locale outlives the page
    await userEvent.click(screen.getByRole('button', { name: /हिन्दी/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'English' }));
    await waitFor(() => expect(screen.getByTestId('login-side-panel')).toHaveTextContent(en.headline));
    await waitFor(() =>
      expect(document.querySelector('[aria-hidden="true"] [data-testid="login-side-panel"]')).toBeNull(),
    );
  });
});
