import { Card, CardContent, CircularProgress, Grid, Typography } from '@mui/material';
import { useGetList, useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { findResource } from '../../resources/modules.ts';
import { PageHeader } from '../../src/layout/PageHeader.tsx';
import { columnLabel, displayValue, recordTitle, type RecordLike } from '../../resources/display.ts';

const device = findResource('device')!;
const vehicle = findResource('vehicle')!;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function Details({ record }: { record: RecordLike & { id: string } }) {
  const translate = useTranslate();
  const { data: vehicles } = useGetList('vehicle', {
    filter: { deviceId: record.id },
    pagination: { page: 1, perPage: 1 },
  });
  const linked = vehicles?.[0];
  const fields = Object.keys(device.fields);
  return (
    <>
      <PageHeader title={translate('menu.deviceDetails')} subtitle={recordTitle(device, record)} />
      <Card>
        <CardContent>
          <Grid container spacing={2}>
            {fields.map((name) => (
              <Grid key={name} size={{ xs: 12, sm: 6, md: 3 }}>
                <Typography variant="caption" color="text.secondary">
                  {columnLabel(device, name, translate)}
                </Typography>
                <Typography>{displayValue(device, name, record, translate) || '—'}</Typography>
              </Grid>
            ))}
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <Typography variant="caption" color="text.secondary">
                {translate('menu.management.assets')}
              </Typography>
              <Typography>{linked ? `${recordTitle(vehicle, linked)} (${linked.name})` : '—'}</Typography>
            </Grid>
          </Grid>
        </CardContent>
      </Card>
    </>
  );
}

function ById({ id }: { id: string }) {
  const translate = useTranslate();
  const { data, isPending, error } = useGetOne('device', { id });
  if (isPending) return <CircularProgress />;
  if (error || !data) return <Typography>{translate('search.noDevices')}</Typography>;
  return <Details record={data} />;
}

function BySearchTerm({ term }: { term: string }) {
  const translate = useTranslate();
  const { data, isPending } = useGetList('device', { filter: { q: term }, pagination: { page: 1, perPage: 1 } });
  if (isPending) return <CircularProgress />;
  return data?.[0] ? <Details record={data[0]} /> : <Typography>{translate('search.noDevices')}</Typography>;
}

/** A device's details, by id (management/device-details/{id}) or by IMEI or another term (device-details/{searchTerm}). */
export function DeviceDetailsPage() {
  const { id, searchTerm } = useParams();
  const key = id ?? searchTerm ?? '';
  return UUID.test(key) ? <ById id={key} /> : <BySearchTerm term={key} />;
}
