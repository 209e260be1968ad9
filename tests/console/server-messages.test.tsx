import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { apiCall } from '../../providers/httpClient.ts';
import { i18nProvider } from '../../providers/i18nProvider.ts';

// answers as server/http/errors.ts writes them: the English text, and the key it came from
const server = setupServer(
  http.post('*/api/devices-demo', () =>
    HttpResponse.json(
      {
        success: false,
        message: 'This IMEI is already in use',
        messageKey: 'validation.unique',
        messageValues: { label: { key: 'resources.device.fields.imei' } },
        errors: { imei: 'This IMEI is already in use', note: 'Plain words' },
        errorKeys: { imei: { key: 'validation.unique', values: { label: { key: 'resources.device.fields.imei' } } } },
      },
      { status: 409 },
    ),
  ),
  http.post('*/api/newer-server', () =>
    HttpResponse.json(
      { success: false, message: 'Words of a newer server', messageKey: 'nothing.known.here' },
      { status: 400 },
    ),
  ),
  // echoes the language the console asked in
  http.post('*/api/language-demo', ({ request }) =>
    HttpResponse.json({ success: true, message: request.headers.get('accept-language') ?? '' }),
  ),
  http.put('*/api/wallets-demo', () =>
    HttpResponse.json({
      success: true,
      message: 'Renewal order RNW-ABCD1234 is paid',
      messageKey: 'renewal.confirmed',
      messageValues: { reference: 'RNW-ABCD1234' },
    }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  await i18nProvider.changeLocale('en');
});
afterAll(() => server.close());

const refusal = (path: string) =>
  apiCall(path, 'POST', {}).then(
    () => {
      throw new Error('accepted');
    },
    (error: { message: string; body: { message: string; errors?: Record<string, string> } }) => error,
  );

describe("the server's words in the user's language", () => {
  it('shows a keyed message and field error in Hindi, a field label included, and plain words as they came', async () => {
    await i18nProvider.changeLocale('hi');
    const error = await refusal('/devices-demo');
    expect(error.message).toBe('यह IMEI पहले से उपयोग में है');
    expect(error.body.message).toBe('यह IMEI पहले से उपयोग में है');
    expect(error.body.errors).toEqual({ imei: 'यह IMEI पहले से उपयोग में है', note: 'Plain words' });
  });

  it('keeps the English of a key this console does not know', async () => {
    await i18nProvider.changeLocale('hi');
    expect((await refusal('/newer-server')).message).toBe('Words of a newer server');
  });

  it('translates a success message too, with its values', async () => {
    await i18nProvider.changeLocale('hi');
    const answer = await apiCall<{ message: string }>('/wallets-demo', 'PUT', {});
    expect(answer.message).toContain('RNW-ABCD1234');
    expect(answer.message).not.toBe('Renewal order RNW-ABCD1234 is paid');
    await i18nProvider.changeLocale('en');
    expect((await apiCall<{ message: string }>('/wallets-demo', 'PUT', {})).message).toMatch(/RNW-ABCD1234/);
  });

  it('asks in the chosen language, so the server writes its own words (the reset code) in it', async () => {
    expect((await apiCall('/language-demo', 'POST', {})).message).toBe('en');
    await i18nProvider.changeLocale('hi');
    expect((await apiCall('/language-demo', 'POST', {})).message).toBe('hi');
  });
});
