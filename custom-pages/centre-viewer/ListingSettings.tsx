import { lazy, Suspense, useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  FormGroup,
  FormLabel,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { apiCall } from '../../providers/httpClient.ts';
import { errorMessage } from '../../src/pages/auth/useFormCall.tsx';
import { INDIAN_STATES, STATE_IDS } from '../../resources/india.ts';
import type { CentreListing } from '../../resources/centres.ts';
import { PHONE_INPUT_LENGTH } from '../../core/rules.ts';

const CentreMap = lazy(() => import('./CentreMap.tsx'));

interface Candidate {
  id: string;
  name: string;
  phone: string | null;
}
type FieldErrors = Partial<Record<keyof CentreListing, string>>;

/** Latitude and longitude are typed as text so a half-typed "22." stays as written. */
const coordinate = (text: string): number | null =>
  text.trim() === '' || Number.isNaN(Number(text)) ? null : Number(text);

/** The organisation settings page's "Public listing": what the SSC and RFC viewers publish about it. */
export function ListingSettings({ organisationId }: { organisationId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [listing, setListing] = useState<CentreListing | null>(null);
  const [latitude, setLatitude] = useState('');
  const [longitude, setLongitude] = useState('');
  const [candidates, setCandidates] = useState<Candidate[]>([]);
  const [error, setError] = useState<string>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    apiCall<{ data: { listing: CentreListing; candidates: Candidate[] } }>(
      `/organisation/listing/${organisationId}`,
    ).then(
      ({ data }) => {
        if (!current) return;
        setListing(data.listing);
        setCandidates(data.candidates);
        setLatitude(data.listing.latitude?.toString() ?? '');
        setLongitude(data.listing.longitude?.toString() ?? '');
      },
      (e: unknown) => {
        if (current) setError(errorMessage(e, translate('auth.somethingWrong')));
      },
    );
    return () => {
      current = false;
    };
  }, [organisationId, translate]);

  if (!listing) return error ? <Alert severity="error">{error}</Alert> : <CircularProgress />;
  const set = (patch: Partial<CentreListing>) => setListing({ ...listing, ...patch });
  const toggleContact = (id: string, on: boolean) =>
    set({ contactUserIds: on ? [...listing.contactUserIds, id] : listing.contactUserIds.filter((c) => c !== id) });
  const pick = (lat: number, lng: number) => {
    setLatitude(String(lat));
    setLongitude(String(lng));
  };
  const lat = coordinate(latitude);
  const lng = coordinate(longitude);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setErrors({});
    try {
      const result = await apiCall(`/organisation/listing/${organisationId}`, 'PUT', {
        ...listing,
        phone: listing.phone?.replace(/^\+91/, '') || null,
        latitude: lat,
        longitude: lng,
      });
      notify(result.message, { type: 'success' });
    } catch (e) {
      setError(errorMessage(e, translate('auth.somethingWrong')));
      setErrors((e as { body?: { errors?: FieldErrors } }).body?.errors ?? {});
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('centres.listing.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('centres.listing.intro')}
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <Box
          component="form"
          onSubmit={save}
          sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, gap: 2, maxWidth: 720 }}
        >
          <FormGroup sx={{ gridColumn: '1 / -1' }}>
            <FormControlLabel
              control={<Checkbox checked={listing.isSsc} onChange={(e) => set({ isSsc: e.target.checked })} />}
              label={translate('centres.listing.isSsc')}
            />
            <FormControlLabel
              control={<Checkbox checked={listing.isRfc} onChange={(e) => set({ isRfc: e.target.checked })} />}
              label={translate('centres.listing.isRfc')}
            />
          </FormGroup>
          <TextField
            label={translate('centres.listing.address')}
            value={listing.address}
            onChange={(e) => set({ address: e.target.value })}
            error={Boolean(errors.address)}
            helperText={errors.address}
            inputProps={{ maxLength: 300 }}
            sx={{ gridColumn: '1 / -1' }}
          />
          <TextField
            select
            label={translate('centres.listing.state')}
            value={listing.state}
            onChange={(e) => set({ state: e.target.value as CentreListing['state'] })}
            error={Boolean(errors.state)}
            helperText={errors.state}
          >
            <MenuItem value="">—</MenuItem>
            {STATE_IDS.map((id) => (
              <MenuItem key={id} value={id}>
                {INDIAN_STATES[id]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={translate('centres.listing.district')}
            value={listing.district}
            onChange={(e) => set({ district: e.target.value })}
            error={Boolean(errors.district)}
            helperText={errors.district}
            inputProps={{ maxLength: 60 }}
          />
          <TextField
            label={translate('centres.listing.phone')}
            value={(listing.phone ?? '').replace(/^\+91/, '')}
            onChange={(e) => set({ phone: e.target.value })}
            error={Boolean(errors.phone)}
            helperText={errors.phone ?? '+91'}
            inputProps={{ maxLength: PHONE_INPUT_LENGTH, inputMode: 'tel' }}
            sx={{ gridColumn: '1 / -1' }}
          />
          <TextField
            label={translate('centres.listing.latitude')}
            value={latitude}
            onChange={(e) => setLatitude(e.target.value)}
            error={Boolean(errors.latitude)}
            helperText={errors.latitude}
            inputProps={{ inputMode: 'decimal' }}
          />
          <TextField
            label={translate('centres.listing.longitude')}
            value={longitude}
            onChange={(e) => setLongitude(e.target.value)}
            error={Boolean(errors.longitude)}
            helperText={errors.longitude}
            inputProps={{ inputMode: 'decimal' }}
          />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Typography variant="caption" color="text.secondary">
              {translate('centres.listing.pickHint')}
            </Typography>
            <Suspense fallback={<CircularProgress />}>
              <CentreMap
                height={280}
                label={translate('centres.map')}
                onPick={pick}
                selected={null}
                places={
                  lat !== null && lng !== null
                    ? [
                        {
                          key: 'here',
                          label: listing.address || translate('centres.listing.address'),
                          latitude: lat,
                          longitude: lng,
                        },
                      ]
                    : []
                }
              />
            </Suspense>
          </Box>
          {listing.isRfc && (
            <Box sx={{ gridColumn: '1 / -1' }}>
              <FormLabel component="legend">{translate('centres.listing.contacts')}</FormLabel>
              {candidates.length === 0 && (
                <Typography color="text.secondary">{translate('centres.listing.noCandidates')}</Typography>
              )}
              <FormGroup>
                {candidates.map((c) => (
                  <FormControlLabel
                    key={c.id}
                    label={c.phone ? `${c.name} (${c.phone})` : c.name}
                    control={
                      <Checkbox
                        checked={listing.contactUserIds.includes(c.id)}
                        onChange={(e) => toggleContact(c.id, e.target.checked)}
                      />
                    }
                  />
                ))}
              </FormGroup>
              {errors.contactUserIds && (
                <Typography color="error" variant="body2">
                  {errors.contactUserIds}
                </Typography>
              )}
            </Box>
          )}
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              {translate('centres.listing.save')}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
