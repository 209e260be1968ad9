import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { i18nProvider } from '../../providers/i18nProvider.ts';
import { ForgotPasswordPage } from '../../src/pages/auth/ForgotPasswordPage.tsx';
import { ResetPasswordPage } from '../../src/pages/auth/ResetPasswordPage.tsx';
import { StackedNotifications } from '../../src/layout/Notifications.tsx';

const calls: { url: string; body: unknown }[] = [];
const server = setupServer(
  http.post('*/api/auth/forgot-password', async ({ request }) => {
    calls.push({ url: request.url, body: await request.json() });
    return HttpResponse.json({
      success: true,
      message: 'If an account exists for this username, a one-time code has been sent to it',
      data: { otpToken: 'otp-token-1' },
    });
  }),
  http.post('*/api/auth/reset-password', async ({ request }) => {
    const body = await request.json();
    calls.push({ url: request.url, body });
    return new URL(request.url).searchParams.get('otp') === '123456'
      ? HttpResponse.json({ success: true, message: 'Your password has been reset. Sign in with the new password.' })
      : HttpResponse.json(
          { success: false, message: 'The reset code is incorrect', errors: { otp: 'The reset code is incorrect' } },
          { status: 400 },
        );
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  calls.length = 0;
  server.resetHandlers();
});

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/auth/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/auth/reset-password/:otpToken" element={<ResetPasswordPage />} />
          <Route path="/auth/login" element={<p>login page</p>} />
        </Routes>
        <Where />
        <StackedNotifications />
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('forgot password', () => {
  it('asks for a code with the +91 username and opens the reset page with its token', async () => {
    renderAt('/auth/forgot-password');
    await userEvent.type(await screen.findByLabelText('Email or Phone Number'), '9800000006');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/auth/reset-password/otp-token-1'));
    expect(calls[0]?.body).toEqual({ username: '+919800000006' });
  });

  it('gives the spec message for an empty username and calls nothing', async () => {
    renderAt('/auth/forgot-password');
    await userEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('The username field is required')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe('reset password', () => {
  const fill = async (otp: string) => {
    await userEvent.type(await screen.findByLabelText('One-time code'), otp);
    await userEvent.type(screen.getByLabelText('New password'), 'New-pass-2026');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'New-pass-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
  };

  it('shows the server message on the form for a wrong code and stays', async () => {
    renderAt('/auth/reset-password/otp-token-1');
    await fill('000000');
    expect(await screen.findByRole('alert')).toHaveTextContent('The reset code is incorrect');
    expect(screen.getByTestId('where')).toHaveTextContent('/auth/reset-password/otp-token-1');
  });

  it('sends the code and token, then returns to sign-in', async () => {
    renderAt('/auth/reset-password/otp-token-1');
    await fill('123456');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/auth/login'));
    expect(calls[0]?.body).toEqual({ otpToken: 'otp-token-1', password: 'New-pass-2026' });
  });
});
