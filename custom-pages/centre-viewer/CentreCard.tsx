import { Box, Button, Card, CardActions, CardContent, Link, Typography } from '@mui/material';
import PhoneIcon from '@mui/icons-material/Phone';
import PlaceIcon from '@mui/icons-material/Place';
import { useTranslate } from 'react-admin';
import { INDIAN_STATES } from '../../resources/india.ts';
import type { PublicCentre } from '../../resources/centres.ts';

/** A phone as written for people: +91 98300 00202. */
const shownPhone = (phone: string) => phone.replace(/^\+91(\d{5})(\d{5})$/, '+91 $1 $2');

function PhoneLink({ phone, name }: { phone: string; name: string }) {
  const translate = useTranslate();
  return (
    <Link
      href={`tel:${phone}`}
      aria-label={translate('centres.call', { name })}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      <PhoneIcon fontSize="inherit" />
      {shownPhone(phone)}
    </Link>
  );
}

/** One published centre: name, address, district and state, phone, RFC contacts; Show on map when it has a position. */
export function CentreCard({
  id,
  centre,
  selected,
  onShow,
}: {
  id: string;
  centre: PublicCentre;
  selected: boolean;
  onShow(): void;
}) {
  const translate = useTranslate();
  const placed = centre.latitude !== null && centre.longitude !== null;
  return (
    <Card
      component="li"
      id={id}
      variant="outlined"
      aria-current={selected || undefined}
      data-testid="centre-card"
      sx={{ listStyle: 'none', borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1 }}
    >
      <CardContent sx={{ pb: 1 }}>
        <Typography variant="h6" component="h2">
          {centre.name}
        </Typography>
        <Typography color="text.secondary">{centre.address}</Typography>
        <Typography color="text.secondary">
          {centre.district}, {INDIAN_STATES[centre.state] ?? centre.state}
        </Typography>
        {centre.phone && (
          <Box sx={{ mt: 1 }}>
            <PhoneLink phone={centre.phone} name={centre.name} />
          </Box>
        )}
        {centre.contacts.length > 0 && (
          <Box sx={{ mt: 1 }}>
            <Typography variant="subtitle2">{translate('centres.contacts')}</Typography>
            {centre.contacts.map((contact) => (
              <Typography key={contact.phone} variant="body2">
                {contact.name} · <PhoneLink phone={contact.phone} name={contact.name} />
              </Typography>
            ))}
          </Box>
        )}
      </CardContent>
      <CardActions sx={{ pt: 0 }}>
        {placed ? (
          <Button size="small" startIcon={<PlaceIcon />} onClick={onShow}>
            {translate('centres.showOnMap')}
          </Button>
        ) : (
          <Typography variant="caption" color="text.secondary" sx={{ px: 1 }}>
            {translate('centres.notOnMap')}
          </Typography>
        )}
      </CardActions>
    </Card>
  );
}
