import { Box, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** The language-aware page header: title (also in the app bar), subtitle and actions on the right. */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: React.ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2, mt: 2 }}>
      <Title title={translate(title)} />
      <Box>
        <Typography variant="h5" component="h1">{translate(title)}</Typography>
        {subtitle && <Typography variant="body2" color="text.secondary">{translate(subtitle)}</Typography>}
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1 }}>{actions}</Box>}
    </Box>
  );
}
