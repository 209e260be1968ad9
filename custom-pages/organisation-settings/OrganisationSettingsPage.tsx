import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  FormControlLabel,
  Switch,
  TextField,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { apiCall } from '../../providers/httpClient.ts';
import { PageHeader } from '../../src/layout/PageHeader.tsx';
import { errorMessage } from '../../src/pages/auth/useFormCall.tsx';
import { ListingSettings } from '../centre-viewer/ListingSettings.tsx';
import { formatRupees, parseRupees } from '../../core/money.ts';
import { PHONE_INPUT_LENGTH } from '../../core/rules.ts';
import type { NumberSetting, OrganisationSettings, PriceSetting } from '../../core/organisation-settings.ts';

/** The settings the page reads and saves: the server's own type (core/organisation-settings.ts). */
type Settings = OrganisationSettings;
/**
 * Prices are kept in paise and typed in rupees; only the provider's administrators see and set them.
 * An empty price is the parent organisation's (docs/wallet.md), shown beside it.
 */
const PRICES: readonly (readonly [PriceSetting, string])[] = [
  ['priceOneYearPaise', 'wallet.prices.oneYear'],
  ['priceTwoYearsPaise', 'wallet.prices.twoYears'],
];
type PriceKey = PriceSetting;
const rupeesText = (paise: number | null) => (paise === null ? '' : formatRupees(paise).replace(/[₹,]/g, ''));
/** What a price field sends: null for empty (inherit), paise, or undefined when it is not a price. */
const typedPrice = (text: string) => (text.trim() ? parseRupees(text) : null);
/** The thresholds, in the form's order: every number setting of the type, and nothing else (the compiler checks both). */
const NUMBER_FIELDS: { [K in NumberSetting]: true } = {
  overspeedKmph: true,
  idleMinutes: true,
  offlineMinutes: true,
  routeDeviationMeters: true,
  sosEscalationMinutes: true,
  minMovingKmph: true,
  minParkingMinutes: true,
  minTripMeters: true,
  minTripSeconds: true,
};
const NUMBERS = Object.keys(NUMBER_FIELDS) as NumberSetting[];

/** management/settings/{id}: an organisation's thresholds for tracking and its alert contacts. */
export function OrganisationSettingsPage() {
  const { id } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const [name, setName] = useState('');
  const [settings, setSettings] = useState<Settings | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [prices, setPrices] = useState<Record<string, string> | null>(null);
  const [effective, setEffective] = useState<Record<PriceKey, number | null> | null>(null);
  const [contactsText, setContactsText] = useState('');

  useEffect(() => {
    apiCall<{
      data: {
        organisation: { tradeName: string };
        settings: Settings;
        canSetPrices: boolean;
        inheritedPrices: Record<PriceKey, number | null>;
      };
    }>(`/organisation/settings/${id}`)
      .then(({ data }) => {
        setName(data.organisation.tradeName);
        setSettings(data.settings);
        setContactsText((data.settings.sosEscalationContacts ?? []).join(', '));
        setEffective(data.inheritedPrices);
        setPrices(
          data.canSetPrices ? Object.fromEntries(PRICES.map(([key]) => [key, rupeesText(data.settings[key])])) : null,
        );
      })
      .catch((e) => setError(errorMessage(e, translate('auth.somethingWrong'))));
  }, [id, translate]);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const paise = prices ? Object.fromEntries(PRICES.map(([key]) => [key, typedPrice(prices[key] ?? '')])) : {};
    if (Object.values(paise).some((value) => value === undefined)) {
      setError(translate('wallet.prices.invalid'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const result = await apiCall(`/organisation/settings/${id}`, 'PUT', {
        ...settings,
        ...paise,
        sosPhone: settings?.sosPhone?.replace(/^\+91/, '') || null,
        alertEmail: settings?.alertEmail || null,
        sosEscalationContacts: contactsText
          .split(/[,\n]/)
          .map((c) => c.trim())
          .filter(Boolean),
      });
      notify(result.message, { type: 'success' });
    } catch (e) {
      setError(errorMessage(e, translate('auth.somethingWrong')));
    } finally {
      setBusy(false);
    }
  };

  const set = (key: keyof Settings, value: string) =>
    setSettings((s) => s && { ...s, [key]: (NUMBERS as readonly string[]).includes(key) ? Number(value) : value });
  return (
    <>
      <PageHeader title="settings.title" subtitle={name} />
      <Card>
        <CardContent>
          {!settings && !error && <CircularProgress />}
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          {settings && (
            <Box
              component="form"
              onSubmit={save}
              sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, gap: 2, maxWidth: 720 }}
            >
              {NUMBERS.map((key) => (
                <TextField
                  key={key}
                  type="number"
                  label={translate(`settings.${key}`)}
                  value={settings[key]}
                  onChange={(e) => set(key, e.target.value)}
                  helperText={translate(`settings.${key}Help`)}
                />
              ))}
              <TextField
                type="email"
                label={translate('settings.alertEmail')}
                value={settings.alertEmail ?? ''}
                onChange={(e) => set('alertEmail', e.target.value)}
              />
              <TextField
                label={translate('settings.sosPhone')}
                value={(settings.sosPhone ?? '').replace(/^\+91/, '')}
                onChange={(e) => set('sosPhone', e.target.value)}
                helperText="+91"
                inputProps={{ maxLength: PHONE_INPUT_LENGTH, inputMode: 'tel' }}
              />
              <TextField
                label={translate('settings.sosEscalationContacts')}
                value={contactsText}
                onChange={(e) => setContactsText(e.target.value)}
                helperText={translate('settings.sosEscalationContactsHelp')}
                multiline
                sx={{ gridColumn: { sm: '1 / -1' } }}
              />
              <FormControlLabel
                sx={{ gridColumn: '1 / -1' }}
                control={
                  <Switch
                    checked={settings.requireTotpForAdmins}
                    onChange={(e) => setSettings((s) => s && { ...s, requireTotpForAdmins: e.target.checked })}
                  />
                }
                label={translate('settings.requireTotpForAdmins')}
              />
              {prices &&
                PRICES.map(([key, label]) => (
                  <TextField
                    key={key}
                    label={translate(label)}
                    value={prices[key]}
                    onChange={(e) => setPrices((p) => p && { ...p, [key]: e.target.value })}
                    helperText={
                      prices[key]?.trim()
                        ? `${formatRupees(parseRupees(prices[key] ?? ''))} · ${translate('wallet.prices.help')}`
                        : effective?.[key] != null
                          ? translate('wallet.prices.inherited', { price: formatRupees(effective[key]) })
                          : translate('wallet.prices.notSet')
                    }
                    inputProps={{ inputMode: 'decimal', 'data-testid': key }}
                  />
                ))}
              <Box sx={{ display: 'flex', gap: 1 }}>
                <Button type="submit" variant="contained" disabled={busy}>
                  {translate('list.save')}
                </Button>
                <Button component={Link} to="/management/organisation">
                  {translate('list.back')}
                </Button>
              </Box>
            </Box>
          )}
        </CardContent>
      </Card>
      {id && <ListingSettings organisationId={id} />}
    </>
  );
}
