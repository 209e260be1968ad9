import { Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PageHeader } from '../../src/layout/PageHeader.tsx';

/** The first screen after sign-in; counts, table and actions arrive with the tracking work. */
export function VehicleStatusPage() {
  const translate = useTranslate();
  return (
    <>
      <PageHeader title="menu.vehicleStatus" subtitle="pages.vehicleStatusSubtitle" />
      <Card><CardContent><Typography color="text.secondary">{translate('pages.comingUp')}</Typography></CardContent></Card>
    </>
  );
}
