import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, RecordContextProvider, type RaRecord } from 'react-admin';
import { i18nProvider } from '../../providers/i18nProvider.ts';
import { authProvider } from '../../providers/authProvider.ts';
import { dataProvider } from '../../providers/dataProvider.ts';
import { StackedNotifications } from '../../src/layout/Notifications.tsx';
import { forwardingActions } from '../../src/resources/actions/forwardingActions.tsx';
import { webhookActions } from '../../src/resources/actions/webhookActions.tsx';
import { DeclaredSecret } from '../../src/resources/inputs/RevealSecret.tsx';
import rules from '../../resources/entities/notification-rule.ts';
import { fieldLabel } from '../../resources/define.ts';
import { storeSession } from './signed-in.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwXh1mYk4Vt0o=';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());
beforeEach(async () => {
  localStorage.clear();
  await i18nProvider.changeLocale('en');
});

/** The row action's dialog of `permission`, for one row, as the list opens it. */
function openDialog(actions: typeof forwardingActions, permission: string, record: RaRecord) {
  storeSession('DEALER', [permission]);
  const Dialog = actions[permission]!.Dialog!;
  return render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider} authProvider={authProvider} dataProvider={dataProvider}>
        <Dialog ids={[String(record.id)]} record={record} onClose={() => undefined} />
        <StackedNotifications />
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('revealing a secret, the one way on every screen', () => {
  it("reveals a forwarding destination's secret on its button, copies it and hides it again", async () => {
    const user = userEvent.setup();
    let asked = 0;
    server.use(
      http.get('*/api/forwarding-destinations/d1/secret', () => {
        asked += 1;
        return HttpResponse.json({ success: true, data: { secret: SECRET } });
      }),
    );
    openDialog(forwardingActions, 'reveal-forwarding-secret', { id: 'd1', name: 'ERP', kind: 'HTTP' });
    const dialog = await screen.findByRole('dialog', { name: 'Signing secret of ERP' });
    const field = within(dialog).getByLabelText('Signing secret');
    // nothing asked (nor written to the audit log) until the button is pressed
    expect(field).not.toHaveValue(SECRET);
    expect(asked).toBe(0);
    await user.click(await within(dialog).findByRole('button', { name: 'Reveal secret' }));
    await waitFor(() => expect(field).toHaveValue(SECRET));
    await user.click(within(dialog).getByRole('button', { name: 'Copy secret' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await screen.findByText('Secret copied');
    await user.click(within(dialog).getByRole('button', { name: 'Hide secret' }));
    expect(field).not.toHaveValue(SECRET);
    expect(asked).toBe(1);
  });

  it('offers the forwarding action on HTTP destinations only', () => {
    const action = forwardingActions['reveal-forwarding-secret']!;
    expect(action.visible!({ id: 'a', kind: 'AIS140' })).toBe(false);
    expect(action.visible!({ id: 'h', kind: 'HTTP' })).toBe(true);
  });

  it.each([
    ['en', 'You may not reveal this secret.', 'Reveal secret'],
    ['hi', 'आपको यह सीक्रेट देखने की अनुमति नहीं है.', 'सीक्रेट दिखाएं'],
  ] as const)(
    'says in %s that a refused reveal was refused, the masked start left in place',
    async (locale, words, button) => {
      await i18nProvider.changeLocale(locale);
      const user = userEvent.setup();
      server.use(
        http.get('*/api/webhook-endpoints/w1/secret', () =>
          HttpResponse.json({ success: false, message: 'Forbidden' }, { status: 403 }),
        ),
      );
      openDialog(webhookActions, 'reveal-webhook-endpoint-secret', {
        id: 'w1',
        name: 'Metro ERP',
        secret: 'whsec_MfKQ…',
      });
      const dialog = await screen.findByRole('dialog');
      await user.click(await within(dialog).findByRole('button', { name: button }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(words);
      expect(within(dialog).getByRole('textbox')).toHaveValue('whsec_MfKQ…');
    },
  );

  it("reveals an alert rule's webhook secret on its edit form, from the declared field's route", async () => {
    const user = userEvent.setup();
    storeSession('DEALER', ['reveal-notification-rule-secret']);
    server.use(
      http.get('*/api/notificationrules/r1/secret', () =>
        HttpResponse.json({ success: true, data: { webhookSecret: SECRET } }),
      ),
    );
    const { reveal } = rules.fields.webhookSecret!;
    render(
      <MemoryRouter>
        <AdminContext i18nProvider={i18nProvider} authProvider={authProvider} dataProvider={dataProvider}>
          <RecordContextProvider value={{ id: 'r1', webhookSecret: 'whsec_MfKQ…' }}>
            <DeclaredSecret
              api={rules.api}
              name="webhookSecret"
              label={fieldLabel(rules, 'webhookSecret')}
              reveal={reveal!}
            />
          </RecordContextProvider>
        </AdminContext>
      </MemoryRouter>,
    );
    const input = await screen.findByLabelText('Webhook secret');
    expect(input).toHaveValue('whsec_MfKQ…');
    await user.click(await screen.findByRole('button', { name: 'Reveal secret' }));
    await waitFor(() => expect(input).toHaveValue(SECRET));
    expect(screen.getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
  });
});
