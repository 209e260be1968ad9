import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { apiCall } from '../../providers/httpClient.ts';
import { PageHeader } from '../../src/layout/PageHeader.tsx';
import { errorMessage } from '../../src/pages/auth/useFormCall.tsx';
import { ListingSettings } from '../centre-viewer/ListingSettings.tsx';

interface Settings {
  overspeedKmph: number;
  idleMinutes: number;
  offlineMinutes: number;
  routeDeviationMeters: number;
  alertEmail: string | null;
  sosPhone: string | null;
}
const NUMBERS = ['overspeedKmph', 'idleMinutes', 'offlineMinutes', 'routeDeviationMeters'] as const;

/** management/settings/{id}: an organisation's thresholds for tracking and its alert contacts. */
export function OrganisationSettingsPage() {
  const { id } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const [name, setName] = useState('');
  const [settings, setSettings] = useState<Settings | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    apiCall<{ data: { organisation: { tradeName: string }; settings: Settings } }>(`/organisation/settings/${id}`)
      .then(({ data }) => { setName(data.organisation.tradeName); setSettings(data.settings); })
      .catch((e) => setError(errorMessage(e, translate('auth.somethingWrong'))));
  }, [id, translate]);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const result = await apiCall(`/organisation/settings/${id}`, 'PUT', {
        ...settings, sosPhone: settings?.sosPhone?.replace(/^\+91/, '') || null, alertEmail: settings?.alertEmail || null,
      });
      notify(result.message, { type: 'success' });
    } catch (e) {
      setError(errorMessage(e, translate('auth.somethingWrong')));
    } finally {
      setBusy(false);
    }
  };

  const set = (key: keyof Settings, value: string) => setSettings((s) => s && ({ ...s, [key]: (NUMBERS as readonly string[]).includes(key) ? Number(value) : value }));
  return (
    <>
      <PageHeader title="settings.title" subtitle={name} />
      <Card>
        <CardContent>
          {!settings && !error && <CircularProgress />}
          {error && <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert>}
          {settings && (
            <Box component="form" onSubmit={save} sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, gap: 2, maxWidth: 720 }}>
              {NUMBERS.map((key) => (
                <TextField key={key} type="number" label={translate(`settings.${key}`)} value={settings[key]} onChange={(e) => set(key, e.target.value)}
                  helperText={translate(`settings.${key}Help`)} />
              ))}
              <TextField type="email" label={translate('settings.alertEmail')} value={settings.alertEmail ?? ''} onChange={(e) => set('alertEmail', e.target.value)} />
              <TextField label={translate('settings.sosPhone')} value={(settings.sosPhone ?? '').replace(/^\+91/, '')} onChange={(e) => set('sosPhone', e.target.value)}
                helperText="+91" inputProps={{ maxLength: 10, inputMode: 'numeric' }} />
              <Box sx={{ display: 'flex', gap: 1 }}>
                <Button type="submit" variant="contained" disabled={busy}>{translate('list.save')}</Button>
                <Button component={Link} to="/management/organisation">{translate('list.back')}</Button>
              </Box>
            </Box>
          )}
        </CardContent>
      </Card>
      {id && <ListingSettings organisationId={id} />}
    </>
  );
}
