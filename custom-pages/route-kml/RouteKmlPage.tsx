import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { apiCall } from '../../providers/httpClient.ts';
import { PageHeader } from '../../src/layout/PageHeader.tsx';
import { errorMessage } from '../../src/pages/auth/useFormCall.tsx';

const KML_LIMIT = 2 * 1024 * 1024;

/** management/route/add-kml: a route from a KML file; the server reads its line. */
export function RouteKmlPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [tolerance, setTolerance] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (!file) return setError(translate('kml.chooseFile'));
    if (file.size > KML_LIMIT) return setError(translate('kml.tooLarge'));
    setBusy(true);
    try {
      const result = await apiCall('/routes/kml', 'POST', {
        kml: await file.text(),
        name: name || undefined,
        toleranceMeters: tolerance ? Number(tolerance) : undefined,
      });
      notify(result.message, { type: 'success' });
      navigate('/management/route');
    } catch (e) {
      setError(errorMessage(e, translate('auth.somethingWrong')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title="permissions.add-kml-route" subtitle="kml.subtitle" />
      <Card>
        <CardContent>
          <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2, maxWidth: 520 }}>
            <Box>
              <Button variant="outlined" component="label">
                {translate('kml.choose')}
                <input
                  hidden
                  type="file"
                  accept=".kml,application/vnd.google-earth.kml+xml"
                  aria-label={translate('kml.choose')}
                  onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                />
              </Button>
              <Typography variant="body2" sx={{ mt: 1 }} color="text.secondary">
                {file?.name ?? translate('kml.none')}
              </Typography>
            </Box>
            <TextField
              label={translate('resources.route.fields.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              helperText={translate('kml.nameHelp')}
            />
            <TextField
              type="number"
              label={translate('resources.route.fields.toleranceMeters')}
              value={tolerance}
              onChange={(e) => setTolerance(e.target.value)}
              helperText={translate('kml.toleranceHelp')}
            />
            {error && <Alert severity="error">{error}</Alert>}
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button type="submit" variant="contained" disabled={busy}>
                {translate('list.save')}
              </Button>
              <Button component={Link} to="/management/route">
                {translate('list.back')}
              </Button>
            </Box>
          </Box>
        </CardContent>
      </Card>
    </>
  );
}
